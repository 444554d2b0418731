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
package dev.recyclable.buffers.benchmarks.report;

/**
 * The benchmark methods the report knows, in the column order of its tables, with the names a
 * reader recognises. A method the report does not know still appears, after these, under its own name.
 */
enum Contender {
    ARRAYCOPY_LIMIT("arraycopyLimit", "arraycopy limit"),
    RECYCLABLE("recyclable", "RecyclableOutputStream"),
    RECYCLABLE_REUSED("recyclableReused", "RecyclableOutputStream reused"),
    BAOS_WRITE_TO("baosWriteTo", "BAOS writeTo"),
    BAOS_TO_BYTE_ARRAY("baosToByteArray", "BAOS toByteArray"),
    COMMONS_IO("commonsIo", "commons-io UBAOS"),
    NETTY_POOLED_HEAP("nettyPooledHeap", "Netty pooled heap"),
    AGRONA_REUSED("agronaReused", "Agrona reused"),
    AGRONA_FRESH("agronaFresh", "Agrona fresh"),
    OKIO_BUFFER("okioBuffer", "Okio Buffer");

    final String method;
    final String label;

    Contender(String method, String label) {
        this.method = method;
        this.label = label;
    }

    /** True for the libraries we compare ourselves against (not us, not the limit). */
    boolean isPeer() {
        return this != ARRAYCOPY_LIMIT && this != RECYCLABLE && this != RECYCLABLE_REUSED;
    }

    /**
     * Which of our contenders a peer method is judged against: a buffer kept forever and rewound
     * (Agrona reused) against our stream kept and {@code reset()}, every other peer against a stream
     * obtained from the shared pool and closed each time.
     */
    static String ours(String peerMethod) {
        return AGRONA_REUSED.method.equals(peerMethod) ? RECYCLABLE_REUSED.method : RECYCLABLE.method;
    }

    /** Display name of a benchmark method. */
    static String label(String method) {
        for (Contender contender : values()) {
            if (contender.method.equals(method)) {
                return contender.label;
            }
        }
        return method;
    }

    /** Sort key putting known contenders first, in declaration order. */
    static int order(String method) {
        for (Contender contender : values()) {
            if (contender.method.equals(method)) {
                return contender.ordinal();
            }
        }
        return values().length;
    }

    /** Whether a method is one of the peers (unknown methods count as peers: better to over-compare). */
    static boolean isPeer(String method) {
        for (Contender contender : values()) {
            if (contender.method.equals(method)) {
                return contender.isPeer();
            }
        }
        return true;
    }
}
