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
 * What the SSH entry points speak: a command's settings ({@link dev.recyclable.buffers.ssh.CommandOptions}), its
 * captured output and status ({@link dev.recyclable.buffers.ssh.CommandResult},
 * {@link dev.recyclable.buffers.ssh.CommandStatus}), its output as it arrives
 * ({@link dev.recyclable.buffers.ssh.OutputListener}, {@link dev.recyclable.buffers.ssh.OutputEvent}), how it
 * failed (the exceptions), who logs in and which host keys are trusted
 * ({@link dev.recyclable.buffers.ssh.SshCredentials}, {@link dev.recyclable.buffers.ssh.HostKeyPolicy}), and the
 * settings every connection shares ({@link dev.recyclable.buffers.ssh.ConnectionSettings}).
 *
 * <p>The entry points sit above this package: {@code ssh.runner} (one connection), {@code ssh.fanout} (many
 * hosts), {@code ssh.transfer} (bulk data); between them and this package, the module's {@code internal} code that
 * runs commands and opens connections. Below it: known_hosts and key-file parsing ({@code internal.keys}), the
 * sshj channel ({@code internal.channel}), the one conversion of every {@code Duration} ({@code internal.time})
 * and {@code ssh.transport}. No package depends on one above it.
 */
package dev.recyclable.buffers.ssh;
