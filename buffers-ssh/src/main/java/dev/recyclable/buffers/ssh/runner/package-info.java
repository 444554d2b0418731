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
 * Commands over one SSH connection: {@link dev.recyclable.buffers.ssh.runner.SshRunner}, with its three ways to run
 * a command (into a result, streamed to a listener, started and awaited as a
 * {@link dev.recyclable.buffers.ssh.runner.RunningCommand}).
 */
package dev.recyclable.buffers.ssh.runner;
