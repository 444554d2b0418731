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
package dev.recyclable.buffers.ssh.internal.channel;

import java.nio.charset.StandardCharsets;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.DisconnectReason;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.connection.ConnectionException;

/**
 * Reads the fields of a channel message the server sent. A message too short for its fields is the server's
 * protocol error, and sshj ends the connection for it: each reader turns sshj's unchecked buffer underflow into
 * that {@link ConnectionException}. The integer readers box
 * nothing: they run for every data packet.
 */
final class PacketFields {

    private PacketFields() {}

    /** One field's read, as sshj's {@code Buffer} does it. */
    @FunctionalInterface
    private interface Field<T> {
        T read(SSHPacket buf) throws Buffer.BufferException;
    }

    /** A uint32 as sshj's {@code readUInt32AsInt} reads it: its low 32 bits. */
    static int readInt(SSHPacket buf) throws ConnectionException {
        return (int) readUInt32(buf);
    }

    static long readUInt32(SSHPacket buf) throws ConnectionException {
        try {
            return buf.readUInt32();
        } catch (Buffer.BufferException e) {
            throw malformed(e);
        }
    }

    static String readString(SSHPacket buf) throws ConnectionException {
        return read(buf, b -> b.readString(StandardCharsets.UTF_8));
    }

    static boolean readBoolean(SSHPacket buf) throws ConnectionException {
        return read(buf, SSHPacket::readBoolean);
    }

    /** For the fields of rare messages: a non-capturing lambda allocates nothing, but a boxed value might. */
    private static <T> T read(SSHPacket buf, Field<T> field) throws ConnectionException {
        try {
            return field.read(buf);
        } catch (Buffer.BufferException e) {
            throw malformed(e);
        }
    }

    private static ConnectionException malformed(Buffer.BufferException e) {
        return new ConnectionException(DisconnectReason.PROTOCOL_ERROR, e);
    }
}
