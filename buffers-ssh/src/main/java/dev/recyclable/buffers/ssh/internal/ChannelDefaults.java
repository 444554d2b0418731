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

/** Default receive window and packet size of a command's channel, for SshRunner and the fan-out alike. */
public final class ChannelDefaults {

    /** 2 MiB: the most output in flight or unconsumed per command. */
    public static final long WINDOW = 2L << 20;

    /** 32 KiB: the largest data packet the server may send. */
    public static final int MAX_PACKET = 32 * 1024;

    private ChannelDefaults() {}
}
