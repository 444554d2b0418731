package dev.recyclable.buffers.websocket.netty;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker13;

import java.util.Objects;

/**
 * Netty's RFC 6455 server handshake, installing {@link RecyclableWebSocketDecoder} and
 * {@link RecyclableWebSocketEncoder} where Netty would put its own frame codec. Use it like
 * {@code WebSocketServerHandshaker13}: {@code handshake(channel, request)} answers the upgrade
 * and rewires the pipeline. No extension is negotiated (the decoder rejects RSV bits).
 */
public final class RecyclableWebSocketServerHandshaker extends WebSocketServerHandshaker13 {
    private final BufferPool pool;
    private final WebSocketLimits limits;
    private final long fragmentSize;

    /**
     * @param webSocketUrl  the URL the client connects to (used for the handshake only)
     * @param subprotocols  comma-separated subprotocols the server speaks, or null
     * @param fragmentSize  largest outgoing frame payload; 0 sends each message as one frame
     */
    public RecyclableWebSocketServerHandshaker(String webSocketUrl, String subprotocols, BufferPool pool,
                                               WebSocketLimits limits, long fragmentSize) {
        super(webSocketUrl, subprotocols, WebSocketDecoderConfig.newBuilder()
                .allowExtensions(false)
                .maxFramePayloadLength((int) Math.min(Integer.MAX_VALUE, limits.maxFramePayload()))
                .build());
        this.pool = Objects.requireNonNull(pool, "pool");
        this.limits = limits;
        this.fragmentSize = fragmentSize;
    }

    @Override
    protected WebSocketFrameDecoder newWebsocketDecoder() {
        return new RecyclableWebSocketDecoder(pool, Role.SERVER, limits);
    }

    @Override
    protected WebSocketFrameEncoder newWebSocketEncoder() {
        return new RecyclableWebSocketEncoder(Role.SERVER, fragmentSize);
    }
}
