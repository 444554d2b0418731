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
