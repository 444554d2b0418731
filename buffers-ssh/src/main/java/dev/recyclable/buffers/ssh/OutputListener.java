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
package dev.recyclable.buffers.ssh;

/**
 * Receives a command's output as it arrives, for {@code SshRunner.stream}.
 *
 * <p>Called on the thread that called {@code stream}, one call per SSH data packet, in wire order (the order in
 * which the server sent stdout and stderr). Never on sshj's reader thread, so a slow listener only slows its own
 * command: the server is sent more window only as calls return.
 *
 * <p>The {@link OutputEvent} is reused from call to call, so that streaming allocates nothing per packet once warm.
 * It is valid only during the call; its bytes, in pooled memory owned by the runner, are recycled when the call
 * returns unless the listener {@link OutputEvent#retain() retains} them, which hands it a stream of its own to
 * close.
 */
@FunctionalInterface
public interface OutputListener {

    /**
     * One piece of output: the bytes of one SSH data packet.
     *
     * @throws Exception to stop; anything thrown stops the command, an {@link Error} too (a failed assertion, a
     *                   stack overflow): it is killed, its channel closed and its chunks returned, and
     *                   {@code stream} throws an {@link SshCommandException} with this as cause (an Error as itself;
     *                   an {@link InterruptedException} as a {@link CommandCancelledException}, the interrupt flag
     *                   set again). The runner and its other commands go on.
     */
    void onOutput(OutputEvent event) throws Exception;
}
