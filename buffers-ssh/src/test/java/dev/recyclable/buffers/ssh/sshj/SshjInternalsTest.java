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
package dev.recyclable.buffers.ssh.sshj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.BufferPool;
import dev.recyclable.buffers.ssh.fixtures.OpenSshServer;
import dev.recyclable.buffers.ssh.fixtures.ServerPerClass;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.channel.ChannelSink;
import dev.recyclable.buffers.ssh.runner.SshRunner;
import dev.recyclable.buffers.ssh.transport.JdkGcmCipherFactory;
import dev.recyclable.buffers.ssh.transport.SshConfigs;
import dev.recyclable.buffers.testing.PoolAssertions;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import net.schmizz.sshj.Config;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.transport.cipher.Cipher;
import net.schmizz.sshj.transport.verification.OpenSSHKnownHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pins the sshj 0.40.0 behaviour that {@link CaptureChannel} and the config rely on. If an sshj upgrade breaks
 * one of these, read the new source before changing the expectation.
 */
class SshjInternalsTest {

    @RegisterExtension
    static final ServerPerClass<OpenSshServer> SERVER = ServerPerClass.of(OpenSshServer::start);

    @Test
    void sshjIsTheVersionThisModuleWasWrittenAgainst() throws Exception {
        Properties p = new Properties();
        try (InputStream in = SSHClient.class.getClassLoader().getResourceAsStream("sshj.properties")) {
            p.load(in);
        }
        assertEquals("0.40.0", p.getProperty("sshj.version"));
    }

    @Test
    void packetBuiltForAMessageStartsItsPayloadAtFive() {
        // CaptureChannel reuses one stdin packet by rewinding to this offset, as sshj's ChannelOutputStream does
        SSHPacket packet = new SSHPacket(Message.CHANNEL_DATA);
        assertEquals(5, packet.rpos());
        assertEquals(6, packet.wpos());
    }

    @Test
    void jdkGcmCiphersComeFirstAndUseTheJdkProvider() {
        Config config = SshConfigs.shared();
        List<String> names =
                config.getCipherFactories().stream().map(f -> f.getName()).toList();
        assertEquals("aes128-gcm@openssh.com", names.get(0));
        assertEquals("aes256-gcm@openssh.com", names.get(1));
        assertTrue(names.contains("chacha20-poly1305@openssh.com"), "sshj defaults follow: " + names);

        Cipher cipher = JdkGcmCipherFactory.aes128Gcm().create();
        cipher.init(Cipher.Mode.Encrypt, new byte[16], new byte[12]);
        byte[] data = new byte[32 + 16];
        cipher.updateAAD(new byte[4], 0, 4);
        cipher.update(data, 0, 32);
        assertTrue(cipher.toString() != null);
        assertEquals("SunJCE", providerOf(cipher));
    }

    @Test
    void negotiatesAes128GcmWithOpenSsh() throws Exception {
        AtomicReference<String> negotiated = new AtomicReference<>();
        SSHClient client = new SSHClient(SshConfigs.shared());
        client.addHostKeyVerifier(
                new OpenSSHKnownHosts(SERVER.get().knownHosts().toFile()));
        client.addAlgorithmsVerifier(algorithms -> {
            negotiated.set(algorithms.getClient2ServerCipherAlgorithm());
            return true;
        });
        try {
            client.connect(SERVER.get().host(), SERVER.get().port());
            assertEquals("aes128-gcm@openssh.com", negotiated.get());
        } finally {
            client.disconnect();
        }
    }

    @Test
    void connectionRoutesChannelMessagesByIdAndForgetsClosedChannels() throws Exception {
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        List<String> events = new CopyOnWriteArrayList<>();
        try (SshRunner ssh = SERVER.get().connect(pool)) {
            ChannelSink sink = new ChannelSink() {
                @Override
                public void onData(CaptureChannel channel, boolean stderr, byte[] data, int offset, int length) {
                    events.add((stderr ? "STDERR:" : "STDOUT:") + new String(data, offset, length));
                    channel.grant(length);
                }

                @Override
                public void onClosed(CaptureChannel channel, Throwable failure) {
                    events.add("closed:" + failure);
                }
            };
            CaptureChannel channel = new CaptureChannel(ssh.client().getConnection(), sink, 256 * 1024, 32 * 1024);
            channel.open();
            assertSame(channel, ssh.client().getConnection().get(channel.getID()));
            channel.exec("printf out; printf err >&2");
            channel.sendEof();
            channel.join(10, TimeUnit.SECONDS);
            assertEquals(List.of("STDOUT:out", "STDERR:err", "closed:null"), events);
            assertEquals(0, channel.exitStatus());
            assertNull(ssh.client().getConnection().get(channel.getID()));
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    @Test
    void windowIsOnlyReturnedWhenGranted() throws Exception {
        BufferPool pool = BufferPool.builder().zeroOnRelease(true).build();
        try (SshRunner ssh = SERVER.get().connect(pool)) {
            long[] received = new long[1];
            ChannelSink hoarder = new ChannelSink() {
                @Override
                public void onData(CaptureChannel channel, boolean stderr, byte[] data, int offset, int length) {
                    received[0] += length; // never grants: the server must stop at the window
                }

                @Override
                public void onClosed(CaptureChannel channel, Throwable failure) {}
            };
            CaptureChannel channel = new CaptureChannel(ssh.client().getConnection(), hoarder, 256 * 1024, 32 * 1024);
            channel.open();
            channel.exec("yes");
            channel.sendEof();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (channel.localWindowRemaining() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(200);
            assertEquals(0, channel.localWindowRemaining());
            assertEquals(256 * 1024, received[0]);
            channel.abort("test over");
            channel.join(10, TimeUnit.SECONDS);
        }
        PoolAssertions.assertNothingInUse(pool);
    }

    private static String providerOf(Cipher cipher) {
        try {
            var field = net.schmizz.sshj.transport.cipher.BaseCipher.class.getDeclaredField("cipher");
            field.setAccessible(true);
            return ((javax.crypto.Cipher) field.get(cipher)).getProvider().getName();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
