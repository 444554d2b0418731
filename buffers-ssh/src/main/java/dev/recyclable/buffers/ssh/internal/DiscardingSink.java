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

import dev.recyclable.buffers.ssh.OutputKind;
import dev.recyclable.buffers.ssh.OutputLimitPolicy;
import dev.recyclable.buffers.ssh.internal.channel.CaptureChannel;

/** Counts output and drops it as it arrives, granting the window at once: the command never stalls on us. */
public final class DiscardingSink extends CommandSink {

    public DiscardingSink(String command) {
        super(command, 0, OutputLimitPolicy.TRUNCATE);
    }

    @Override
    protected void accept(CaptureChannel channel, OutputKind kind, byte[] data, int offset, int keep, int length) {
        channel.grant(length);
    }

    @Override
    protected void releaseBuffers() {
        // nothing kept
    }
}
