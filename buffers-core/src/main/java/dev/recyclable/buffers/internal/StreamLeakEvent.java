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
package dev.recyclable.buffers.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** JFR event: a stream became unreachable without {@code close()}. */
@Name("dev.recyclable.buffers.StreamLeak")
@Label("Stream Leak")
@Category({"Recyclable Buffers"})
@Description("A RecyclableOutputStream was garbage collected without close(); its chunks were reclaimed")
public final class StreamLeakEvent extends Event {
    @Label("Tag")
    public String tag;

    @Label("Allocation Site")
    public String allocationSite;
}
