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
package dev.recyclable.buffers.ssh.fanout;

/**
 * Receives each target's result as it completes.
 *
 * <p>Called on the executor's single dispatch thread, one result at a time: keep it short and never block
 * (a blocked listener holds up scheduling of every run). Hand slow work to your own executor. The listener
 * owns each result and must close it (possibly later, on another thread). Exceptions thrown are caught; the
 * result is then closed.
 */
@FunctionalInterface
public interface ResultListener {
    void onResult(TargetResult result);
}
