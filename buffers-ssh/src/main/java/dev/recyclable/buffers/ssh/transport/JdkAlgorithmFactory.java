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
package dev.recyclable.buffers.ssh.transport;

import java.util.function.Supplier;
import net.schmizz.sshj.common.Factory;

/**
 * What the JDK-backed cipher and MAC factories share: sshj picks a factory by {@link #getName() name} (as the server
 * and client negotiate it) and calls {@link #create()} for each direction of each connection; the name with what
 * backs it is how the factory shows in logs and benchmark tables. The subclasses only say which algorithm and
 * key size they make.
 *
 * @param <T> sshj's {@code Cipher} or {@code MAC}
 */
abstract sealed class JdkAlgorithmFactory<T> implements Factory.Named<T>
        permits JdkCtrCipherFactory, JdkGcmCipherFactory, JdkHmacFactory {

    private final String name;
    private final String backedBy;
    private final Supplier<T> newInstance;

    /**
     * @param name        the algorithm's name in the SSH protocol ({@code aes128-ctr}, ...)
     * @param backedBy    what implements it, for {@link #toString()}
     * @param newInstance makes one unkeyed instance (sshj keys it with {@code init})
     */
    JdkAlgorithmFactory(String name, String backedBy, Supplier<T> newInstance) {
        this.name = name;
        this.backedBy = backedBy;
        this.newInstance = newInstance;
    }

    @Override
    public final T create() {
        return newInstance.get();
    }

    @Override
    public final String getName() {
        return name;
    }

    @Override
    public final String toString() {
        return name + " (" + backedBy + ")";
    }
}
