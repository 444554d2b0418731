/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers.http.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The body's future as a {@code BodySubscriber} hands it to the client, telling its owner once the
 * client has hooked onto it. The JDK (17 to 25) takes the body by calling {@code getBody()} on one
 * of its executor's threads and registering {@code whenComplete} on the result; until then, a
 * subscription cancelled by the subscriber makes the JDK fail the exchange with its own
 * "cancelled" exception, and the subscriber's reason never reaches the caller. So a receiver that
 * fails early waits for this signal before it cancels.
 */
final class TakenStage<T> extends CompletableFuture<T> {
    private final Runnable taken;

    TakenStage(Runnable taken) {
        this.taken = taken;
    }

    private <U> CompletableFuture<U> registered(CompletableFuture<U> dependent) {
        taken.run();
        return dependent;
    }

    @Override
    public CompletableFuture<T> whenComplete(BiConsumer<? super T, ? super Throwable> action) {
        return registered(super.whenComplete(action));
    }

    @Override
    public CompletableFuture<T> whenCompleteAsync(BiConsumer<? super T, ? super Throwable> action) {
        return registered(super.whenCompleteAsync(action));
    }

    @Override
    public CompletableFuture<T> whenCompleteAsync(BiConsumer<? super T, ? super Throwable> action, Executor executor) {
        return registered(super.whenCompleteAsync(action, executor));
    }

    @Override
    public <U> CompletableFuture<U> handle(BiFunction<? super T, Throwable, ? extends U> fn) {
        return registered(super.handle(fn));
    }

    @Override
    public <U> CompletableFuture<U> handleAsync(BiFunction<? super T, Throwable, ? extends U> fn) {
        return registered(super.handleAsync(fn));
    }

    @Override
    public <U> CompletableFuture<U> handleAsync(BiFunction<? super T, Throwable, ? extends U> fn, Executor executor) {
        return registered(super.handleAsync(fn, executor));
    }

    @Override
    public <U> CompletableFuture<U> thenApply(Function<? super T, ? extends U> fn) {
        return registered(super.thenApply(fn));
    }

    @Override
    public CompletableFuture<Void> thenAccept(Consumer<? super T> action) {
        return registered(super.thenAccept(action));
    }

    @Override
    public <U> CompletableFuture<U> thenCompose(Function<? super T, ? extends CompletionStage<U>> fn) {
        return registered(super.thenCompose(fn));
    }

    @Override
    public CompletableFuture<T> exceptionally(Function<Throwable, ? extends T> fn) {
        return registered(super.exceptionally(fn));
    }
}
