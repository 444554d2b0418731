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

import dev.recyclable.buffers.RecyclableOutputStream;

/**
 * Receives a command's output as it arrives, for {@link SshRunner#run(String, CommandOptions, OutputListener)}.
 *
 * <p>Called on the thread that called {@code run}, one call per SSH data packet, in wire order (the order in
 * which the server sent stdout and stderr). Never on sshj's reader thread, so a slow listener only slows its
 * own command: the server is sent more window only as calls return.
 */
@FunctionalInterface
public interface OutputListener {

    /**
     * One piece of output.
     *
     * @param kind  stdout or stderr
     * @param chunk the bytes, in pooled memory. Owned by the runner: read it during the call (all read methods,
     *              {@code forEachSegment}, {@code writeTo}, ...), do not write to it or close it. It is recycled
     *              when this method returns, unless you keep a view first: {@code chunk.byteBuffers()} (close the
     *              view when done) or {@code NettyViews.asByteBuf(chunk)} (release it), which hold the memory
     *              until closed.
     * @throws Exception to stop: the command is killed and {@code run} throws an {@link SshCommandException}
     *                   with this as cause
     */
    void onOutput(OutputKind kind, RecyclableOutputStream chunk) throws Exception;
}
