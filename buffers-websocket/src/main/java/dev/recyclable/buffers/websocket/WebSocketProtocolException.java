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
package dev.recyclable.buffers.websocket;

import java.io.IOException;

/**
 * The peer broke RFC 6455 or one of this endpoint's limits. {@link #closeCode()} is the status
 * code to send in the Close frame that fails the connection (1002, 1007, 1008 or 1009). By the
 * time this is thrown every pooled chunk of the message being assembled has been released.
 */
public final class WebSocketProtocolException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int closeCode;

    public WebSocketProtocolException(int closeCode, String message) {
        super(message + " (close code " + closeCode + ")");
        this.closeCode = closeCode;
    }

    /** The close status code that describes the violation. */
    public int closeCode() {
        return closeCode;
    }
}
