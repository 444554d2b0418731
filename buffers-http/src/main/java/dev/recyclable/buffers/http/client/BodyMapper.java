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
import java.net.http.HttpResponse;

/**
 * Turns a complete response body, received into pooled chunks, into the response's body value
 * (see {@link RecyclableBodyHandler#mapping}).
 *
 * <p>{@code body} is lent for the call: the handler closes it when {@code map} returns or throws,
 * whatever it throws. Bytes wanted past the call are kept with a view ({@code body.byteBuffers()})
 * or {@code body.retain()}, which the mapper's caller then closes or releases (see
 * {@link RecyclableOutputStream}'s Ownership); returning {@code body} itself returns a closed stream.
 *
 * @param <T> the body value
 */
@FunctionalInterface
public interface BodyMapper<T> {
    /**
     * Maps the body; runs on the client's thread that completes the body, as the JDK's
     * {@code BodySubscribers.mapping} does. An exception fails the response with it as the cause.
     *
     * @param response the response's status, headers and version
     * @param body     the whole body (decoded, when the handler decodes), open for this call only
     */
    T map(HttpResponse.ResponseInfo response, RecyclableOutputStream body) throws IOException;
}
