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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.EmbeddedSshServer;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.SshTestServer;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHException;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.connection.Connection;
import net.schmizz.sshj.connection.channel.direct.SessionChannel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How many SSH data packets a capture receives for the same 71,000 bytes written two ways: by {@code head} in
 * large blocks, and by a shell loop running {@code /bin/echo} once per 71-byte line. A capture's allocation follows the packets, not
 * the bytes (sshj decrypts, dispatches and, in its own streams, copies per packet), so this is what makes one
 * "1000 lines of 70 characters" cost several times another (see benchmarks/notes/ssh-capture-packets.md). Counted
 * where our {@link CaptureChannel} receives them and, for sshj's usual idiom ({@code startSession().exec(cmd)}),
 * where its session channel does, on the same connection, against OpenSSH and the in-process MINA server.
 */
class CapturePacketsTest {

    private static final String LINE = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234567";
    private static final int BYTES = 1000 * (LINE.length() + 1);
    private static final String HEAD = "yes " + LINE + " | head -n 1000";
    /**
     * One process per line ({@code /bin/echo}, not the shell's builtin): each line reaches the server on its own,
     * as a slow producer's lines do. The builtin writes 1000 lines in a few milliseconds, faster than sshd reads,
     * and arrives in a handful of packets.
     */
    private static final String ECHO_LOOP = "i=0; while [ $i -lt 1000 ]; do /bin/echo " + LINE + "; i=$((i+1)); done";

    /** Data packets and their bytes, as one channel received them. */
    private static final class Count {
        int packets;
        long bytes;

        void add(int length) {
            packets++;
            bytes += length;
        }

        @Override
        public String toString() {
            return packets + " packets, " + (packets == 0 ? 0 : bytes / packets) + " B per packet";
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"OpenSSH", "MINA"})
    void aLineByLineWriterSendsManyMorePacketsThanHead(String serverName) throws Exception {
        BufferPool pool = BufferPool.builder().build();
        try (SshTestServer server = serverName.equals("OpenSSH") ? OpenSshServer.start() : EmbeddedSshServer.start();
                SshRunner ssh = server.connect(pool)) {
            Connection connection = ssh.client().getConnection();
            Count oursHead = ours(connection, HEAD);
            Count oursLoop = ours(connection, ECHO_LOOP);
            Count sshjHead = sshj(connection, HEAD);
            Count sshjLoop = sshj(connection, ECHO_LOOP);
            System.out.printf(
                    "%s, 71,000 bytes: head: ours %s, sshj %s; echo loop: ours %s, sshj %s%n",
                    serverName, oursHead, sshjHead, oursLoop, sshjLoop);
            for (Count c : new Count[] {oursHead, oursLoop, sshjHead, sshjLoop}) {
                assertEquals(BYTES, c.bytes, c.toString());
            }
            // head writes blocks of several KiB; the loop one line per process, which the server reads and sends as
            // it comes: close to a packet per line on a quiet machine, and still hundreds on a loaded one, where the
            // server reads a few lines at once (451-495 packets at a load average of 12-19 on 2 cores)
            assertTrue(oursLoop.packets > 200, "ours: loop " + oursLoop + ", head " + oursHead);
            assertTrue(sshjLoop.packets > 200, "sshj: loop " + sshjLoop + ", head " + sshjHead);
            assertTrue(oursHead.packets < 50, "ours: head " + oursHead);
        }
    }

    /** Runs {@code command} on a {@link CaptureChannel} with this module's default window and packet size. */
    private static Count ours(Connection connection, String command) throws IOException {
        Count count = new Count();
        CaptureChannel channel = new CaptureChannel(
                connection,
                new ChannelSink() {
                    @Override
                    public void onData(CaptureChannel ch, boolean stderr, byte[] data, int offset, int length) {
                        if (!stderr) {
                            count.add(length);
                        }
                        ch.grant(length);
                    }

                    @Override
                    public void onClosed(CaptureChannel ch, Throwable failure) {}
                },
                2L << 20,
                32 * 1024);
        channel.open();
        channel.exec(command);
        channel.sendEof();
        channel.join(30, TimeUnit.SECONDS);
        assertEquals(0, channel.exitStatus(), command);
        return count;
    }

    /** sshj's usual idiom, {@code startSession()} then {@code exec(command)} and read stdout to its end. */
    private static Count sshj(Connection connection, String command) throws IOException {
        Count count = new Count();
        SessionChannel session = new SessionChannel(connection) {
            @Override
            public void handle(Message msg, SSHPacket buf) throws SSHException {
                if (msg == Message.CHANNEL_DATA) {
                    byte[] a = buf.array();
                    int p = buf.rpos();
                    count.add(
                            (a[p] & 0xff) << 24 | (a[p + 1] & 0xff) << 16 | (a[p + 2] & 0xff) << 8 | (a[p + 3] & 0xff));
                }
                super.handle(msg, buf);
            }
        };
        session.open(); // what SSHClient.startSession() does
        try (session) {
            var cmd = session.exec(command);
            InputStream in = cmd.getInputStream();
            byte[] drain = new byte[32 * 1024];
            while (in.read(drain) > 0) {
                // counted in handle
            }
            cmd.join(30, TimeUnit.SECONDS);
            assertEquals(0, cmd.getExitStatus(), command);
        }
        return count;
    }
}
