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
package dev.recyclable.buffers.ssh.transfer;

/**
 * A finished, verified transfer.
 *
 * @param bytes        bytes moved
 * @param elapsedNanos from sending the request to the verified end
 */
public record TransferResult(long bytes, long elapsedNanos) {

    /** Throughput in MB/s (10^6 bytes per second). */
    public double megabytesPerSecond() {
        return elapsedNanos == 0 ? 0 : bytes * 1e3 / elapsedNanos;
    }

    @Override
    public String toString() {
        return String.format("%d bytes in %.3f s (%.1f MB/s)", bytes, elapsedNanos / 1e9, megabytesPerSecond());
    }
}
