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
 * Recyclable Buffers core: a thread-safe pool of byte chunks and the segmented
 * {@link dev.recyclable.buffers.RecyclableOutputStream} built on it.
 *
 * <p>Netty, Agrona and Micrometer are optional: the views and the metrics binder in
 * {@code dev.recyclable.buffers.interop} need them only when called.
 */
module dev.recyclable.buffers {
    requires jdk.jfr;
    requires static io.netty.buffer;
    requires static org.agrona;
    requires static micrometer.core;

    exports dev.recyclable.buffers;
    exports dev.recyclable.buffers.interop;
}
