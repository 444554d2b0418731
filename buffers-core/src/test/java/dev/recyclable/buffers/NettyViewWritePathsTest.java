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
package dev.recyclable.buffers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recyclable.buffers.checks.IdleChunks;
import dev.recyclable.buffers.interop.NettyViews;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ScatteringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Netty view is read-only all the way down: every {@link ByteBuf} method that could write
 * (found by reflection: {@code set*}, {@code write*}, {@code capacity(n)}, {@code discard*},
 * {@code ensureWritable}, and a composite's {@code consolidate}, {@code removeComponent}, ...) is
 * called on the view and on everything reachable from it ({@code unwrap()}, {@code duplicate()},
 * {@code slice()}, the retained forms, {@code order(...)}, components), and after each call the
 * frozen content is unchanged; every NIO buffer handed out is read-only and ends at the content,
 * no array is handed out. At the end the chunks go back to the pool once, as new.
 */
class NettyViewWritePathsTest {
    private static final byte DIRT = 0x5A;
    /** How deep derived buffers of derived buffers are followed. */
    private static final int DEPTH = 2;

    private final List<BufferPool> pools = new ArrayList<>();
    private final List<ByteBuf> retained = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void nothingInUse() {
        for (BufferPool pool : pools) {
            assertEquals(0, pool.stats().bytesInUse(), () -> "pool: " + pool.stats());
        }
    }

    private BufferPool pool(boolean direct) {
        BufferPool pool = BufferPool.builder()
                .minChunkSize(1024)
                .maxChunkSize(4096)
                .directChunks(direct)
                .leakDetection(LeakDetection.DISABLED)
                .idleDecay(Duration.ZERO)
                .build();
        pools.add(pool);
        return pool;
    }

    private static byte[] content(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        for (int i = 0; i < n; i++) {
            if (b[i] == DIRT) {
                b[i] = 0; // any DIRT byte seen was written through a view
            }
        }
        return b;
    }

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void noMethodOfTheViewOrOfAnythingReachableFromItWritesOrDropsTheContent(boolean direct) throws Exception {
        BufferPool pool = pool(direct);
        byte[] content = content(10_000); // several chunks, the last one partly filled
        RecyclableOutputStream stream = pool.newStream();
        stream.write(content);
        ByteBuf view = NettyViews.asByteBuf(stream);
        // the stream goes on: from now on the view alone holds the frozen content
        stream.reset();
        stream.write(content(3000));
        stream.close();
        long heldBytes = pool.stats().bytesInUse();
        assertTrue(heldBytes >= content.length, "the view holds the chunks: " + pool.stats());

        List<ByteBuf> reachable = reachableFrom(view);
        assertTrue(reachable.size() > 10, "derived buffers explored: " + reachable.size());
        List<String> calls = new ArrayList<>();
        for (ByteBuf buf : reachable) {
            checkNioBuffersAndArrays(buf, content.length);
            assertArrayEquals(content, bytesOf(view), () -> "after the NIO buffers of " + buf);
            for (Method m : writingMethods(buf)) {
                for (int intArgument : new int[] {0, 1, 100}) {
                    calls.add(attack(buf, m, intArgument));
                    assertArrayEquals(content, bytesOf(view), () -> "after " + calls.get(calls.size() - 1));
                    assertEquals(heldBytes, pool.stats().bytesInUse(), () -> "after " + calls.get(calls.size() - 1));
                }
            }
        }
        assertTrue(calls.size() > 1000, "write paths tried: " + calls.size());

        for (ByteBuf r : retained) {
            r.release();
        }
        assertEquals(heldBytes, pool.stats().bytesInUse(), "derived buffers' releases leave the view's claim");
        assertArrayEquals(content, bytesOf(view));
        assertTrue(view.release(), "the last release frees the view");
        assertEquals(0, pool.stats().bytesInUse());
        IdleChunks.assertAllAsNew(pool);
    }

    /** Whatever the view is made of, it reads as a plain buffer of the same bytes does, across chunk boundaries too. */
    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void readsAgreeWithAPlainBufferOfTheSameBytes(boolean direct) throws Exception {
        BufferPool pool = pool(direct);
        byte[] content = content(9000);
        ByteBuf plain = Unpooled.wrappedBuffer(content);
        try (RecyclableOutputStream stream = pool.newStream()) {
            stream.write(content);
            ByteBuf view = NettyViews.asByteBuf(stream);
            try {
                assertEquals(direct, view.isDirect());
                assertEquals(stream.chunkCount(), view.nioBufferCount());
                assertEquals(plain, view);
                assertEquals(plain.hashCode(), view.hashCode());
                Random random = new Random(11);
                for (int round = 0; round < 2000; round++) {
                    int index = random.nextInt(content.length - 8);
                    int length = random.nextInt(content.length - index);
                    assertEquals(plain.getByte(index), view.getByte(index));
                    assertEquals(plain.getShort(index), view.getShort(index));
                    assertEquals(plain.getShortLE(index), view.getShortLE(index));
                    assertEquals(plain.getUnsignedMedium(index), view.getUnsignedMedium(index));
                    assertEquals(plain.getUnsignedMediumLE(index), view.getUnsignedMediumLE(index));
                    assertEquals(plain.getInt(index), view.getInt(index));
                    assertEquals(plain.getIntLE(index), view.getIntLE(index));
                    assertEquals(plain.getLong(index), view.getLong(index));
                    assertEquals(plain.getLongLE(index), view.getLongLE(index));
                    byte[] expected = Arrays.copyOfRange(content, index, index + length);
                    byte[] array = new byte[length + 2];
                    view.getBytes(index, array, 1, length);
                    assertArrayEquals(expected, Arrays.copyOfRange(array, 1, length + 1));
                    for (ByteBuffer dst :
                            new ByteBuffer[] {ByteBuffer.allocate(length), ByteBuffer.allocateDirect(length)}) {
                        view.getBytes(index, dst);
                        assertEquals(length, dst.position());
                        assertEquals(Unpooled.wrappedBuffer(expected), Unpooled.wrappedBuffer(dst.flip()));
                    }
                    ByteBuf composite = Unpooled.compositeBuffer()
                            .addComponent(
                                    true, Unpooled.directBuffer(length / 2).writeZero(length / 2))
                            .addComponent(
                                    true, Unpooled.buffer(length - length / 2).writeZero(length - length / 2));
                    for (ByteBuf dst :
                            new ByteBuf[] {Unpooled.buffer(length), Unpooled.directBuffer(length), composite}) {
                        view.getBytes(index, dst, 0, length);
                        dst.writerIndex(length);
                        assertEquals(Unpooled.wrappedBuffer(expected), dst);
                        dst.release();
                    }
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    view.getBytes(index, out, length);
                    assertArrayEquals(expected, out.toByteArray());
                    ByteArrayOutputStream gathered = new ByteArrayOutputStream();
                    try (WritableByteChannel sink = Channels.newChannel(gathered)) {
                        int written = 0;
                        for (ByteBuffer part : view.nioBuffers(index, length)) {
                            while (part.hasRemaining()) {
                                written += sink.write(part);
                            }
                        }
                        assertEquals(length, written);
                    }
                    assertArrayEquals(expected, gathered.toByteArray());
                    ByteBuffer one = view.nioBuffer(index, length);
                    assertEquals(Unpooled.wrappedBuffer(expected), Unpooled.wrappedBuffer(one));
                    ByteBuf copy = view.copy(index, length);
                    assertEquals(Unpooled.wrappedBuffer(expected), copy);
                    copy.release();
                    assertEquals(plain.slice(index, length), view.slice(index, length));
                    assertEquals(
                            plain.toString(index, length, StandardCharsets.ISO_8859_1),
                            view.toString(index, length, StandardCharsets.ISO_8859_1));
                }
                byte last = content[content.length - 1];
                assertEquals(plain.indexOf(0, content.length, last), view.indexOf(0, content.length, last));
            } finally {
                view.release();
            }
        }
    }

    /** The view, every buffer derived from it up to {@link #DEPTH} levels, what each unwraps to, components. */
    private List<ByteBuf> reachableFrom(ByteBuf view) {
        Set<ByteBuf> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<ByteBuf> found = new ArrayList<>();
        explore(view, 0, seen, found);
        return found;
    }

    @SuppressWarnings("deprecation") // order(ByteOrder): a derived buffer all the same
    private void explore(ByteBuf buf, int depth, Set<ByteBuf> seen, List<ByteBuf> found) {
        if (buf == null || !seen.add(buf)) {
            return;
        }
        found.add(buf);
        explore(buf.unwrap(), depth, seen, found);
        if (buf instanceof CompositeByteBuf composite) {
            for (int i = 0; i < composite.numComponents(); i++) {
                explore(composite.component(i), depth, seen, found);
                explore(composite.internalComponent(i), depth, seen, found);
            }
        }
        if (depth == DEPTH) {
            return;
        }
        int n = buf.capacity();
        List<ByteBuf> derived = new ArrayList<>();
        derived.add(buf.duplicate());
        derived.add(buf.slice());
        derived.add(buf.asReadOnly());
        derived.add(buf.order(ByteOrder.LITTLE_ENDIAN));
        if (n > 2) {
            derived.add(buf.slice(1, n - 2));
        }
        ByteBuf r = buf.retainedDuplicate();
        retained.add(r);
        derived.add(r);
        r = buf.retainedSlice();
        retained.add(r);
        derived.add(r);
        if (n > 2) {
            r = buf.retainedSlice(1, n - 2);
            retained.add(r);
            derived.add(r);
        }
        for (ByteBuf d : derived) {
            explore(d, depth + 1, seen, found);
        }
    }

    /** Every NIO buffer the buffer hands out is read-only and within the content; no array, no address. */
    private static void checkNioBuffersAndArrays(ByteBuf buf, int contentLength) {
        String what = buf.getClass().getSimpleName();
        assertFalse(buf.hasArray(), what + " hands out an array");
        assertThrows(UnsupportedOperationException.class, buf::array, what);
        assertFalse(buf.hasMemoryAddress(), what + " hands out a memory address");
        int n = buf.capacity();
        List<ByteBuffer> nio = new ArrayList<>();
        handedOut(nio, buf::nioBuffers);
        handedOut(nio, () -> buf.nioBuffers(0, n));
        handedOut(nio, () -> new ByteBuffer[] {buf.nioBuffer(0, n)});
        handedOut(nio, () -> new ByteBuffer[] {buf.internalNioBuffer(0, n)});
        if (n > 2) {
            handedOut(nio, () -> new ByteBuffer[] {buf.nioBuffer(1, n - 2)});
        }
        for (ByteBuffer b : nio) {
            assertTrue(b.capacity() <= contentLength, what + " reaches " + b.capacity() + " bytes");
            if (b.isReadOnly()) {
                assertFalse(b.hasArray(), what + " hands out an NIO buffer with its array");
                if (b.capacity() > 0) {
                    assertThrows(ReadOnlyBufferException.class, () -> b.put(0, DIRT), what);
                }
            } else {
                // a copy may be writable (the caller's to use): writing it must not reach the content
                while (b.hasRemaining()) {
                    b.put(DIRT);
                }
            }
        }
    }

    /** Adds what {@code call} hands out; a buffer may refuse (UnsupportedOperationException) instead. */
    private static void handedOut(List<ByteBuffer> into, Supplier<ByteBuffer[]> call) {
        try {
            into.addAll(Arrays.asList(call.get()));
        } catch (UnsupportedOperationException refused) {
            // nothing handed out
        }
    }

    /**
     * Public methods that could write: by name, with arguments this test can make; those of
     * {@code ByteBuf}, and of {@code CompositeByteBuf} for a composite (called virtually, so
     * whatever class the buffer is overrides them).
     */
    private static List<Method> writingMethods(ByteBuf buf) {
        List<Method> methods = new ArrayList<>();
        List<Method> api = new ArrayList<>(Arrays.asList(ByteBuf.class.getMethods()));
        if (buf instanceof CompositeByteBuf) {
            api.addAll(Arrays.asList(CompositeByteBuf.class.getMethods()));
        }
        for (Method m : api) {
            String name = m.getName();
            boolean writes = name.startsWith("set")
                    || name.startsWith("write")
                    || name.startsWith("discard")
                    || name.equals("ensureWritable")
                    || name.equals("consolidate")
                    || name.startsWith("addComponent")
                    || name.startsWith("addFlattenedComponents")
                    || name.startsWith("removeComponent")
                    || (name.equals("capacity") && m.getParameterCount() == 1);
            if (writes
                    && !Modifier.isStatic(m.getModifiers())
                    && Arrays.stream(m.getParameterTypes()).allMatch(NettyViewWritePathsTest::canMake)) {
                methods.add(m);
            }
        }
        methods.sort(Comparator.comparing(Method::toString));
        return methods;
    }

    private static boolean canMake(Class<?> type) {
        return type == int.class
                || type == long.class
                || type == boolean.class
                || type == char.class
                || type == float.class
                || type == double.class
                || type == byte[].class
                || type == ByteBuf.class
                || type == ByteBuffer.class
                || type == InputStream.class
                || type == ScatteringByteChannel.class
                || type == FileChannel.class
                || type == CharSequence.class
                || type == Charset.class;
    }

    /**
     * Calls {@code m} on {@code buf} with every int argument {@code intArgument} and sources full
     * of {@link #DIRT}; whatever it throws is fine, as long as the content stays. The buffer's
     * own indexes are put back afterwards. Returns the call, for failure messages.
     */
    private String attack(ByteBuf buf, Method m, int intArgument) throws IOException {
        int reader = buf.readerIndex();
        int writer = buf.writerIndex();
        List<AutoCloseable> opened = new ArrayList<>();
        Object[] args = new Object[m.getParameterCount()];
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            args[i] = argument(types[i], intArgument, opened);
        }
        String call =
                buf.getClass().getSimpleName() + "." + m.getName() + Arrays.toString(types) + " with " + intArgument;
        try {
            m.invoke(buf, args);
        } catch (InvocationTargetException e) {
            // refused: the point of the exercise
        } catch (IllegalAccessException e) {
            throw new AssertionError(call, e);
        } finally {
            for (AutoCloseable c : opened) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // a source of dirt
                }
            }
        }
        if (buf.refCnt() > 0 && buf.capacity() >= Math.max(reader, writer)) {
            buf.setIndex(reader, writer);
        }
        return call;
    }

    private Object argument(Class<?> type, int intArgument, List<AutoCloseable> opened) throws IOException {
        byte[] dirt = new byte[128];
        Arrays.fill(dirt, DIRT);
        if (type == int.class) {
            return intArgument;
        } else if (type == long.class) {
            return (long) intArgument;
        } else if (type == boolean.class) {
            return true;
        } else if (type == char.class) {
            return (char) DIRT;
        } else if (type == float.class) {
            return 1.5f;
        } else if (type == double.class) {
            return 1.5;
        } else if (type == byte[].class) {
            return dirt;
        } else if (type == ByteBuf.class) {
            return Unpooled.wrappedBuffer(dirt);
        } else if (type == ByteBuffer.class) {
            return ByteBuffer.wrap(dirt);
        } else if (type == InputStream.class) {
            return new ByteArrayInputStream(dirt);
        } else if (type == ScatteringByteChannel.class || type == FileChannel.class) {
            Path file = Files.write(Files.createTempFile(dir, "dirt", ".bin"), dirt);
            FileChannel c = FileChannel.open(file, StandardOpenOption.READ);
            opened.add(c);
            return c;
        } else if (type == CharSequence.class) {
            return "ZZZZZZZZ";
        } else if (type == Charset.class) {
            return StandardCharsets.US_ASCII;
        }
        throw new IllegalArgumentException(type.toString());
    }

    private static byte[] bytesOf(ByteBuf buf) {
        byte[] b = new byte[buf.capacity()];
        buf.getBytes(0, b);
        return b;
    }
}
