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
package dev.recyclable.buffers.ssh.internal;

import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;
import dev.recyclable.buffers.ssh.internal.time.Waits;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import net.schmizz.sshj.SSHClient;

/**
 * The channels running on one connection that its owner, an {@code SshRunner}, stops when it closes: its own
 * commands and the transfers made over it ({@code SshTransfer.over(runner)}), each with its own way to stop
 * ({@link Stopper}). OpenSSH does not kill a command without a terminal when its connection drops: it would go on
 * running on the host, so every channel is killed first, then the connection closed.
 *
 * <p>Found by the connection's sshj client ({@link #of}), so that a transfer, which sits above the runner, joins
 * the runner's channels without the runner knowing about transfers. Thread-safe.
 */
public final class RunningChannels {

    /** How the owner of one channel stops it when the connection's owner closes: kill, close, say why. */
    @FunctionalInterface
    public interface Stopper {
        /**
         * Stops {@code channel}'s command now, or starts to, without waiting and without throwing; {@code why} is
         * for its caller's error.
         */
        void cancel(CaptureChannel channel, String why);

        /**
         * How long the connection's owner, once it cancelled the channel, lets the server end it before
         * disconnecting: 0 (the default) for a command that is killed outright, more for one that cleans up on the
         * server on its way out (an upload's shell removing its part file), so that its cleanup is done when the
         * owner's close returns.
         */
        default long stopGraceNanos() {
            return 0;
        }
    }

    /** Runners by their client; weak, so that a client nobody closed does not stay reachable from here. */
    private static final Map<SSHClient, RunningChannels> BY_CLIENT = Collections.synchronizedMap(new WeakHashMap<>());

    private final SSHClient client;
    private final Map<CaptureChannel, Stopper> live = new ConcurrentHashMap<>();
    private volatile String closedWhy;

    private RunningChannels(SSHClient client) {
        this.client = client;
    }

    /** The channels of {@code client}'s owner, who calls {@link #stopAll} when it closes. */
    public static RunningChannels ownedBy(SSHClient client) {
        RunningChannels channels = new RunningChannels(client);
        BY_CLIENT.put(client, channels);
        return channels;
    }

    /** The channels of whoever owns {@code client} (a runner), or {@code null} if nobody registered it. */
    public static RunningChannels of(SSHClient client) {
        return BY_CLIENT.get(client);
    }

    /**
     * Adds a channel until it finishes.
     *
     * @return {@code false} if the owner has closed: the caller must not start the channel's command (and stops
     *     the channel itself if it did)
     */
    public boolean add(CaptureChannel channel, Stopper stopper) {
        live.put(channel, stopper);
        channel.closeFuture().whenComplete((ignored, failure) -> live.remove(channel));
        if (closedWhy != null) { // published before stopAll reads the map: one of us sees the other
            live.remove(channel);
            return false;
        }
        return true;
    }

    /** Why the owner closed ({@code "SshRunner closed"}), or {@code null} while it is open. */
    public String closedWhy() {
        return closedWhy;
    }

    /**
     * Stops every channel still running, each its own way, forgets the client, and waits for the channels whose
     * stopper asks for a {@link Stopper#stopGraceNanos() grace} to end, each at most that long (all waits run at
     * once; an interrupt does not cut them short and stays set). Idempotent.
     */
    public void stopAll(String why) {
        closedWhy = why;
        BY_CLIENT.remove(client, this);
        long start = System.nanoTime();
        Map<CaptureChannel, Long> graces = new HashMap<>();
        live.forEach((channel, stopper) -> {
            stopper.cancel(channel, why);
            long grace = stopper.stopGraceNanos();
            if (grace > 0) {
                graces.put(channel, grace);
            }
        });
        graces.forEach((channel, grace) ->
                Waits.awaitKeepingInterrupt(channel.closeFuture(), grace - (System.nanoTime() - start)));
    }
}
