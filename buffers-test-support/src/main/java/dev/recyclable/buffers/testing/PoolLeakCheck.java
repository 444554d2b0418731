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
package dev.recyclable.buffers.testing;

import dev.recyclable.buffers.BufferPool;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that fails a test which leaves pooled memory in use. It checks
 * {@link BufferPool#shared()} and every {@code BufferPool} field of the test instance (static
 * or not) after each test:
 *
 * <pre>{@code
 * @ExtendWith(PoolLeakCheck.class)
 * class MyTest {
 *     final BufferPool pool = BufferPool.builder().build();
 *     ...
 * }
 * }</pre>
 */
public final class PoolLeakCheck implements AfterEachCallback {
    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (context.getExecutionException().isPresent()) {
            return; // the test failed already; its own failure is the useful report
        }
        PoolAssertions.assertNothingInUse(BufferPool.shared());
        Object instance = context.getTestInstance().orElse(null);
        for (Class<?> type = context.getRequiredTestClass();
                type != null && type != Object.class;
                type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (!BufferPool.class.isAssignableFrom(field.getType())) {
                    continue;
                }
                boolean isStatic = Modifier.isStatic(field.getModifiers());
                if (!isStatic && instance == null) {
                    continue;
                }
                field.setAccessible(true);
                BufferPool pool = (BufferPool) field.get(isStatic ? null : instance);
                if (pool != null) {
                    PoolAssertions.assertNothingInUse(pool);
                }
            }
        }
    }
}
