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
 * Receives a command's output as it arrives, for {@link SshRunner#stream(String, CommandOptions,
 * OutputEventListener)}: the allocation-free form of {@link OutputListener}.
 *
 * <p>Called on the thread that called {@code stream}, one call per SSH data packet, in wire order. The
 * {@link OutputEvent} is reused between calls and valid only during a call; its bytes are recycled when the call
 * returns unless it was {@link OutputEvent#retain() retained}. The server is sent more window as calls return.
 */
@FunctionalInterface
public interface OutputEventListener {

    /**
     * One piece of output.
     *
     * @throws Exception to stop: the command is killed and {@code stream} throws an {@link SshCommandException}
     *                   with this as cause
     */
    void onOutput(OutputEvent event) throws Exception;
}
