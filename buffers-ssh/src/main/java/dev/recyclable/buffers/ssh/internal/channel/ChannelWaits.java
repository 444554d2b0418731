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
package dev.recyclable.buffers.ssh.internal.channel;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * The blocking waits of a channel's driving thread, for the server's reply to an open or a request and for the
 * close, bounded by a timeout: each failure (interrupt, timeout, failed reply) becomes the
 * {@link ConnectionException} sshj's channel methods declare, naming the channel. An interrupt stays set.
 */
final class ChannelWaits {

    private ChannelWaits() {}

    /**
     * Waits for the server's reply to {@code what}.
     *
     * @param timeoutMs how long; 0 or less: without a bound (sshj's connection timeout unset)
     */
    static <T> T reply(CompletableFuture<T> future, String what, int id, int timeoutMs) throws ConnectionException {
        try {
            return timeoutMs > 0 ? future.get(timeoutMs, TimeUnit.MILLISECONDS) : future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException("interrupted during " + what + " of channel #" + id, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ConnectionException) {
                throw (ConnectionException) cause;
            }
            throw new ConnectionException(what + " of channel #" + id + " failed: " + cause, cause);
        } catch (TimeoutException e) {
            throw new ConnectionException(
                    "no reply to " + what + " of channel #" + id + " within " + timeoutMs + " ms");
        }
    }

    /** Waits for the channel to finish ({@code closed} completes); {@code timeout} 0 or less: without a bound, as sshj. */
    static void close(CompletableFuture<Void> closed, int id, long timeout, TimeUnit unit) throws ConnectionException {
        try {
            if (timeout > 0) {
                closed.get(timeout, unit);
            } else {
                closed.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException("interrupted waiting for channel #" + id + " to close", e);
        } catch (ExecutionException e) {
            throw new ConnectionException(e.getCause());
        } catch (TimeoutException e) {
            throw new ConnectionException("channel #" + id + " did not close within " + unit.toMillis(timeout) + " ms");
        }
    }
}
