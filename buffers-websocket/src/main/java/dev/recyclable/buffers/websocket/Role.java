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
 * Which end of the connection this endpoint is. It decides the masking rules of RFC 6455
 * section 5.1: a client masks every frame it sends and rejects masked frames, a server rejects
 * unmasked frames and never masks.
 */
public enum Role {
    CLIENT,
    SERVER;

    /** Whether frames this endpoint receives must be masked. */
    public boolean expectsMaskedFrames() {
        return this == SERVER;
    }

    /** Whether frames this endpoint sends must be masked. */
    public boolean masksOutgoingFrames() {
        return this == CLIENT;
    }
}
