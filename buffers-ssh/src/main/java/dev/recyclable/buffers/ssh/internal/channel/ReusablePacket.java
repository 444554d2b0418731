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

import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHPacket;

/**
 * One packet rewritten for every send of its kind: sshj's transport encodes and writes a packet before
 * {@code write} returns and keeps no reference to it, so frequent messages (stdin data, window adjustments)
 * need no new packet each time. Each instance is used by one thread at a time.
 */
final class ReusablePacket {
    private SSHPacket packet;
    private int start;

    /** The packet emptied and starting with {@code message}, ready for its fields. */
    SSHPacket begin(Message message) {
        if (packet == null) {
            packet = new SSHPacket(message);
            start = packet.rpos();
            return packet;
        }
        packet.wpos(start);
        packet.rpos(start);
        packet.putMessageID(message);
        return packet;
    }
}
