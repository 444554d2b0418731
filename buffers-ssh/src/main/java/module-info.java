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
/**
 * Recyclable Buffers SSH: run remote commands over sshj and capture their output into pooled, recyclable
 * chunks. Packages, each depending only on those below it:
 *
 * <pre>
 *   runner  fanout  transfer   the entry points: SshRunner (one connection), FanoutExecutor (many hosts),
 *                              SshTransfer (bulk data over a runner's connection)
 *   internal                   how a command runs and a connection is made: output sinks, stdin, connector,
 *                              keepalive, error messages, the guard around the caller's code (not exported)
 *   ssh                        what the entry points speak: CommandOptions, CommandResult, CommandStatus,
 *                              OutputListener and OutputEvent, the exceptions, SshCredentials, HostKeyPolicy,
 *                              ConnectionSettings
 *   internal.keys  internal.channel  internal.time  transport
 *                              known_hosts and key files; the sshj channel that hands each packet to a sink;
 *                              the one conversion of every Duration and the waits it bounds; sshj cipher, MAC
 *                              and socket factories (the last exported)
 * </pre>
 *
 * <p>sshj and buffers-core types appear in the public API (an {@code SSHClient}, a {@code Config}, a
 * {@code RecyclableOutputStream}), so both are transitive.
 */
// sshj has no module descriptor (an automatic module, com.hierynomus.sshj), yet its types are in our API:
// requires transitive is still right, so that callers read it; javac warns because automatic modules
// have no stable descriptor of their own
@SuppressWarnings("requires-transitive-automatic")
module dev.recyclable.buffers.ssh {
    requires transitive dev.recyclable.buffers;
    requires transitive com.hierynomus.sshj;
    requires org.slf4j;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;

    exports dev.recyclable.buffers.ssh;
    exports dev.recyclable.buffers.ssh.runner;
    exports dev.recyclable.buffers.ssh.transport;
    exports dev.recyclable.buffers.ssh.fanout;
    exports dev.recyclable.buffers.ssh.transfer;
}
