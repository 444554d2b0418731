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
 * The size limits of RFC 6455 section 10.4, checked when a frame header arrives, before any
 * payload byte is stored.
 *
 * @param maxFramePayload largest payload of one data frame; bigger fails with 1009
 * @param maxMessageSize  largest assembled message; bigger fails with 1009
 * @param maxFragments    most frames one message may be split into; more fails with 1008 (a
 *                        stream of tiny frames costs per-frame work without growing the message)
 */
public record WebSocketLimits(long maxFramePayload, long maxMessageSize, int maxFragments) {

    /** 16 MiB per frame, 64 MiB per message, 16384 fragments (npm ws's fragment limit). */
    public static final WebSocketLimits DEFAULT = new WebSocketLimits(16L << 20, 64L << 20, 16384);

    public WebSocketLimits {
        if (maxFramePayload < 125 || maxMessageSize < 1 || maxFragments < 1) {
            throw new IllegalArgumentException("limits too small: frame " + maxFramePayload + " (min 125), message "
                    + maxMessageSize + ", fragments " + maxFragments);
        }
    }

    public WebSocketLimits withMaxFramePayload(long bytes) {
        return new WebSocketLimits(bytes, maxMessageSize, maxFragments);
    }

    public WebSocketLimits withMaxMessageSize(long bytes) {
        return new WebSocketLimits(maxFramePayload, bytes, maxFragments);
    }

    public WebSocketLimits withMaxFragments(int count) {
        return new WebSocketLimits(maxFramePayload, maxMessageSize, count);
    }
}
