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

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.channel.ChannelSink;
import java.time.Duration;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.connection.Connection;

/**
 * What {@code ConnectionSettings} collected, defaults applied and frozen: the settings a runner or a fan-out
 * connects, opens channels and watches its connections with. See {@code ConnectionSettings} for what each does.
 */
public record ConnectionSpec(
        BufferPool pool,
        Config config,
        Duration connectTimeout,
        Duration replyTimeout,
        long windowSize,
        int maxPacketSize,
        KeepAlive keepAlive) {

    /** 2 MiB: the most output in flight or unconsumed per command. */
    public static final long DEFAULT_WINDOW = 2L << 20;

    /** 32 KiB: the largest data packet the server may send. */
    public static final int DEFAULT_MAX_PACKET = 32 * 1024;

    /** Opens, verifies and logs in connections with these settings. */
    public Connector connector() {
        return new Connector(config, connectTimeout, replyTimeout);
    }

    /** A command's channel on {@code connection} with this receive window and packet size (not opened yet). */
    public CaptureChannel newChannel(Connection connection, ChannelSink sink) {
        return new CaptureChannel(connection, sink, windowSize, maxPacketSize);
    }
}
