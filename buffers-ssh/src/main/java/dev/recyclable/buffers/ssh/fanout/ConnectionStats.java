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
public record ConnectionStats(int openConnections, long connectionsOpened, int channelsInUse,
                              long channelOpenRefusals, int peakChannelsPerConnection, int peakConnectionsPerHost,
                              int peakHandshakesPerHost) {
}
