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
 * The connection died while the command ran (server gone, network cut, no answer to keepalives, runner closed
 * under it): the command may or may not have finished on the server, and output may be missing. Never reported
 * as a normal {@link CommandStatus}.
 */
public class ConnectionLostException extends SshCommandException {

    public ConnectionLostException(String command, String message, Throwable cause) {
        super(command, message, cause);
    }
}
