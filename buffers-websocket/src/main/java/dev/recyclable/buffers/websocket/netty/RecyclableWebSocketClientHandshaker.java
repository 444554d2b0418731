package dev.recyclable.buffers.websocket.netty;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.websocket.Role;
import dev.recyclable.buffers.websocket.WebSocketLimits;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker13;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;

import java.net.URI;
import java.util.Objects;

/**
 * Netty's RFC 6455 client handshake, installing {@link RecyclableWebSocketDecoder} (client role:
 * server frames must be unmasked) and {@link RecyclableWebSocketEncoder} (masks every frame)
 * where Netty would put its own frame codec. Use it like {@code WebSocketClientHandshaker13}:
 * {@code handshake(channel)}, then {@code finishHandshake(channel, response)} when the
 * {@code FullHttpResponse} arrives. No extension is negotiated.
 */
public final class RecyclableWebSocketClientHandshaker extends WebSocketClientHandshaker13 {
    private final BufferPool pool;
    private final WebSocketLimits limits;
    private final long fragmentSize;

    public RecyclableWebSocketClientHandshaker(URI uri, BufferPool pool, WebSocketLimits limits, long fragmentSize) {
        super(uri, WebSocketVersion.V13, null, false, EmptyHttpHeaders.INSTANCE,
                (int) Math.min(Integer.MAX_VALUE, limits.maxFramePayload()));
        this.pool = Objects.requireNonNull(pool, "pool");
        this.limits = limits;
        this.fragmentSize = fragmentSize;
    }

    @Override
    protected WebSocketFrameDecoder newWebsocketDecoder() {
        return new RecyclableWebSocketDecoder(pool, Role.CLIENT, limits);
    }

    @Override
    protected WebSocketFrameEncoder newWebSocketEncoder() {
        return new RecyclableWebSocketEncoder(Role.CLIENT, fragmentSize);
    }
}
