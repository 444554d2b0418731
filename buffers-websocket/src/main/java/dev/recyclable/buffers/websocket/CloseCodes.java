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

/**
 * Close status codes of RFC 6455 section 7.4 and the rules for which of them may travel in a
 * Close frame.
 */
public final class CloseCodes {
    /** Normal closure. */
    public static final int NORMAL = 1000;
    /** The endpoint is going away. */
    public static final int GOING_AWAY = 1001;
    /** The peer broke the protocol. */
    public static final int PROTOCOL_ERROR = 1002;
    /** The peer sent a data type this endpoint cannot accept. */
    public static final int UNSUPPORTED_DATA = 1003;
    /** Placeholder for "the Close frame had no status code"; never sent on the wire. */
    public static final int NO_STATUS = 1005;
    /** Placeholder for "the connection dropped without a Close frame"; never sent on the wire. */
    public static final int ABNORMAL = 1006;
    /** A text message was not valid UTF-8. */
    public static final int INVALID_PAYLOAD = 1007;
    /** The peer broke a policy of this endpoint (here: too many fragments). */
    public static final int POLICY_VIOLATION = 1008;
    /** A frame or message exceeded this endpoint's size limit. */
    public static final int MESSAGE_TOO_BIG = 1009;
    /** The client expected an extension that the server did not negotiate. */
    public static final int MANDATORY_EXTENSION = 1010;
    /** The server met an unexpected condition. */
    public static final int INTERNAL_ERROR = 1011;

    private CloseCodes() {}

    /**
     * Whether {@code code} may appear in a received or sent Close frame: the registered codes
     * 1000-1003 and 1007-1014 and the application range 3000-4999. 1004, 1005, 1006 and 1015
     * are reserved and must never be on the wire.
     */
    public static boolean isValidOnWire(int code) {
        return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
    }
}
