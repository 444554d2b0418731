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
package dev.recyclable.buffers.ssh.fanout;

/**
 * Counters of an executor's connection pool, for monitoring and tests. Peaks are since the executor was built.
 *
 * @param openConnections           connections open or being opened now
 * @param connectionsOpened         connections successfully opened so far (reuse keeps this low)
 * @param channelsInUse             command channels open now
 * @param channelOpenRefusals       channel opens the servers refused ({@code MaxSessions} exceeded); each was retried
 * @param peakChannelsPerConnection most channels ever open at once on one connection
 * @param peakConnectionsPerHost    most connections ever open (or opening) at once to one host
 * @param peakHandshakesPerHost     most handshakes ever in progress at once to one host
 */
public record ConnectionStats(
        int openConnections,
        long connectionsOpened,
        int channelsInUse,
        long channelOpenRefusals,
        int peakChannelsPerConnection,
        int peakConnectionsPerHost,
        int peakHandshakesPerHost) {}
