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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** The one place that turns a field lookup's checked exception into a class-initialization error. */
public final class VarHandles {
    private VarHandles() {}

    /** The handle of field {@code name} (of {@code type}) in the lookup's own class. */
    public static VarHandle field(MethodHandles.Lookup lookup, String name, Class<?> type) {
        return field(lookup, lookup.lookupClass(), name, type);
    }

    /** The handle of field {@code name} (of {@code type}) in {@code owner}, which the lookup can see. */
    public static VarHandle field(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
