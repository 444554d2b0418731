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
import dev.recyclable.buffers.ssh.ConnectionSettings;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.channel.ChannelSink;
import java.time.Duration;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.connection.Connection;

/**
 * What {@link ConnectionSettings} collected, defaults applied and frozen: the settings a runner or a fan-out
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

    /** The settings as set on a builder, defaults applied. */
    public static ConnectionSpec of(ConnectionSettings<?> settings) {
        return new ConnectionSpec(
                settings.pool(),
                settings.config(),
                settings.connectTimeout(),
                settings.replyTimeout(),
                settings.windowSize(),
                settings.maxPacketSize(),
                new KeepAlive(settings.keepAliveInterval(), settings.keepAliveMaxUnanswered()));
    }

    /** Opens, verifies and logs in connections with these settings. */
    public Connector connector() {
        return new Connector(config, connectTimeout, replyTimeout);
    }

    /** A command's channel on {@code connection} with this receive window and packet size (not opened yet). */
    public CaptureChannel newChannel(Connection connection, ChannelSink sink) {
        return new CaptureChannel(connection, sink, windowSize, maxPacketSize);
    }
}
