package dev.recyclable.buffers.ssh.transport;

import net.schmizz.sshj.Config;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.transport.cipher.Cipher;

import java.util.ArrayList;
import java.util.List;

/**
 * The sshj {@link Config} shared by every connection of this module.
 *
 * <p>Building a {@code DefaultConfig} is expensive (it test-initialises every cipher), and a config is
 * read-only once built, so one instance serves all clients. Cipher order: the JDK provider's
 * {@code aes128-gcm} and {@code aes256-gcm} first (in-place, ~630 MB/s and almost no garbage on loopback),
 * then sshj's defaults (chacha20-poly1305 through BouncyCastle: ~175 MB/s, about one byte of garbage per byte),
 * for servers that offer no GCM.
 */
public final class SshConfigs {

    private SshConfigs() {
    }

    /** The shared config. Do not modify it: build your own with {@link #newLowGarbageConfig()} instead. */
    public static Config shared() {
        return Holder.SHARED;
    }

    /** A new config with this module's cipher preferences, to customise further. */
    public static DefaultConfig newLowGarbageConfig() {
        DefaultConfig config = new DefaultConfig();
        List<Factory.Named<Cipher>> ciphers = new ArrayList<>();
        ciphers.add(JdkGcmCipherFactory.aes128Gcm());
        ciphers.add(JdkGcmCipherFactory.aes256Gcm());
        for (Factory.Named<Cipher> factory : config.getCipherFactories()) {
            if (!factory.getName().startsWith("aes128-gcm") && !factory.getName().startsWith("aes256-gcm")) {
                ciphers.add(factory);
            }
        }
        config.setCipherFactories(ciphers);
        return config;
    }

    /** A config with sshj's own cipher order, for comparison in benchmarks. */
    public static DefaultConfig newSshjDefaultConfig() {
        return new DefaultConfig();
    }

    private static final class Holder {
        static final Config SHARED = newLowGarbageConfig();
    }
}
