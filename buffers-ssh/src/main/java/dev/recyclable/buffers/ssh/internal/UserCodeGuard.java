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
 * policy during a handshake, a transfer's {@code TransferListener} and the streams, channels and files a transfer
 * reads from or writes to. Every place that calls such code catches {@link Throwable}, an {@link Error} included
 * (a failed assertion, a {@link StackOverflowError}, an {@link OutOfMemoryError}), and hands it here, so that one
 * set of rules holds everywhere:
 * <ol>
 *   <li>Nothing the caller's code throws unwinds through this module's books. The place that called it first does
 *       its own part: stops that one command or transfer (stops its remote side and closes its channel), returns its
 *       chunks, closes a result nobody took, removes a part file; the runner, the executor and every other command
 *       go on.</li>
 *   <li>What was thrown becomes the cause of that command's failure, a {@link Failure}
 *       ({@link #commandFailed}), or of the transfer's {@code TransferException} ({@link #asCause}); an
 *       {@link InterruptedException} is a cancellation, with the thread's interrupt flag set again (a command's
 *       failure is then a {@link CommandCancelledException}).</li>
 *   <li>Where the caller waits for the outcome ({@code run}, {@code stream}, {@code RunningCommand.await},
 *       {@code FanoutRun.await}, {@code connect}, a transfer), an Error is rethrown as itself
 *       ({@link #rethrowError}, {@link #asCause}), not disguised as an I/O failure; an exception arrives as the
 *       cause of the failure the wait throws.</li>
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
        throwIfError(failure instanceof Failure ? failure.getCause() : failure);
        return failure;
    }

    /**
     * Where the caller waits on the thread that ran its code (a transfer), once the work has been stopped and cleaned
     * up: throws {@code thrown} if it is an Error, as itself; otherwise returns it, to become the cause of the failure
     * the caller gets, with the interrupt flag set again if it is an {@link InterruptedException}.
     */
    public static Throwable asCause(Throwable thrown) {
        throwIfError(thrown);
        if (thrown instanceof InterruptedException) {
            Thread.currentThread().interrupt(); // the interrupt is the caller's way to cancel: it stays visible
        }
        return thrown;
    }

    private static void throwIfError(Throwable thrown) {
        if (thrown instanceof Error error) {
            throw error;
        }
    }
}
