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
package dev.recyclable.buffers.benchmarks.showcase;

import dev.recyclable.buffers.benchmarks.core.Writers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * A private copy of the benchmarks' {@link Writers} for one way of the core rows, defined from the same class file
 * by a class loader of its own, so that the way's writes have a profile of their own as they do in a JMH fork.
 *
 * <p>A JMH fork runs one benchmark: the call {@code out.write(i)} inside {@link Writers} only ever sees that
 * benchmark's stream class (monomorphic). The showcase's forked JVM runs both ways, interleaved; through one shared
 * {@code Writers} that call site sees {@code ByteArrayOutputStream} and {@code RecyclableOutputStream} (bimorphic),
 * and the JIT compiles it differently from either JMH fork: what made the 64 KiB byte-by-byte row disagree with JMH.
 * HotSpot keeps profiles per class, and a class is per loader, so a copy per way gives each way the monomorphic call
 * sites of its own JMH fork. The copies keep the class's name, so {@link CoreMeasurements#JVM_FLAGS}' {@code
 * dontinline} (JMH's {@code @CompilerControl} on {@code Writers}) applies to every copy.
 */
final class WriterCopy {
    private static final String WRITERS = Writers.class.getName();
    private static final String CALL = Call.class.getName();

    private WriterCopy() {}

    /** A new copy of {@link Writers}, with a writer that calls it; {@code way} names the copy's class loader. */
    static WorkloadWriter load(String way) {
        try {
            Class<?> call = new CopyLoader(way, WriterCopy.class.getClassLoader()).loadClass(CALL);
            return (WorkloadWriter) call.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + WRITERS + " for " + way, e);
        }
    }

    /**
     * The writer defined in each copy's loader: its reference to {@link Writers} resolves to that loader's copy. Like
     * the benchmarks' contenders, it is small enough to be inlined where it is called; {@code Writers} is not.
     */
    public static final class Call implements WorkloadWriter {
        public Call() {}

        @Override
        public void write(OutputStream out, byte[] piece, int pieceBytes, int totalBytes) throws IOException {
            Writers.write(out, piece, pieceBytes, totalBytes);
        }
    }

    /** Defines {@link Writers} and {@link Call} itself from the parent's class files; the rest comes from the parent. */
    private static final class CopyLoader extends ClassLoader {
        CopyLoader(String way, ClassLoader parent) {
            super("writer copy for " + way, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(WRITERS) && !name.equals(CALL)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    byte[] bytes = classFile(name);
                    loaded = defineClass(name, bytes, 0, bytes.length);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }

        private byte[] classFile(String name) throws ClassNotFoundException {
            String resource = name.replace('.', '/') + ".class";
            try (InputStream in = getParent().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new ClassNotFoundException(name + ": no " + resource + " to copy");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
