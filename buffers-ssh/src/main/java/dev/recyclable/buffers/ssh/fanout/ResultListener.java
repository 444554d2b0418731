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
 * owns each result and must close it (possibly later, on another thread). The run is done
 * ({@link FanoutRun#await}, {@link FanoutRun#finished()}, {@link FanoutRun#isDone()}) only once the last call has
 * returned. Anything thrown, an Error included, is caught: the result is then closed, the other targets are still
 * delivered, and the run fails with the first throwable where the caller waits.
 */
@FunctionalInterface
public interface ResultListener {
    void onResult(TargetResult result);
}
