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
package dev.recyclable.buffers.http.client;

import dev.recyclable.buffers.RecyclableOutputStream;
import java.io.IOException;

/** What becomes of a complete body: it takes the stream over, to hand it on or to close it. */
@FunctionalInterface
interface BodyFinisher<T> {
    T finish(RecyclableOutputStream body) throws IOException;
}
