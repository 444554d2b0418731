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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.ssh.CommandCancelledException;
import dev.recyclable.buffers.ssh.SshCommandException;

/**
 * The one guard for the caller's code that this module calls: an {@code OutputListener}, a fan-out's
 * {@code ResultListener} and target iterator, the {@code InputStream} a command's stdin is read from, the host-key
 * policy during a handshake. Every place that calls such code catches {@link Throwable}, an {@link Error} included
 * (a failed assertion, a {@link StackOverflowError}, an {@link OutOfMemoryError}), and hands it here, so that one
 * set of rules holds everywhere:
 * <ol>
 *   <li>Nothing the caller's code throws unwinds through this module's books. The place that called it first does
 *       its own part: stops that one command (kills it and closes its channel), returns its chunks, closes a result
 *       nobody took; the runner, the executor and every other command go on.</li>
 *   <li>What was thrown becomes the cause of that command's failure, a {@link Failure}
 *       ({@link #commandFailed}); an {@link InterruptedException} becomes a {@link CommandCancelledException}, with
 *       the thread's interrupt flag set again.</li>
 *   <li>Where the caller waits for the outcome ({@code run}, {@code stream}, {@code RunningCommand.await},
 *       {@code FanoutRun.await}, {@code connect}), an Error is rethrown as itself ({@link #rethrowError}), not
 *       disguised as an I/O failure; an exception arrives as the cause of the failure the wait throws.</li>
 * </ol>
 */
public final class UserCodeGuard {

    /** A command that failed because the caller's code threw: {@link #getCause()} is what it threw. */
    public static final class Failure extends SshCommandException {
        private static final long serialVersionUID = 1L;

        Failure(String command, String what, Throwable thrown) {
            super(command, what + " threw " + thrown, thrown);
        }
    }

    private UserCodeGuard() {}

    /**
     * The failure of {@code command} because the caller's code, {@code what} ("the output listener", ...), threw
     * {@code thrown}; call it in the {@code catch (Throwable)} around that code, then stop the command with it.
     */
    public static SshCommandException commandFailed(String command, String what, Throwable thrown) {
        if (thrown instanceof InterruptedException) {
            Thread.currentThread().interrupt(); // the interrupt is the caller's way to cancel: it stays visible
            CommandCancelledException cancelled = new CommandCancelledException(command, "thread interrupted");
            cancelled.addSuppressed(thrown); // its cause is fixed (none) by its constructor
            return cancelled;
        }
        return new Failure(command, what, thrown);
    }

    /**
     * Where the caller waits: throws the Error that the caller's code threw, as itself, if {@code failure} is (or was
     * caused by the guard catching) one; otherwise returns {@code failure}, to be thrown as it is.
     */
    public static <X extends Throwable> X rethrowError(X failure) {
        Throwable thrown = failure instanceof Failure ? failure.getCause() : failure;
        if (thrown instanceof Error error) {
            throw error;
        }
        return failure;
    }
}
