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
package dev.recyclable.buffers.websocket;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code Sec-WebSocket-Extensions} grammar of RFC 6455 section 9.1, as far as negotiation
 * needs it: a comma-separated list of extensions, each a name with {@code ;}-separated
 * parameters that may carry a token or quoted-string value. Runs once per handshake.
 */
final class ExtensionHeader {
    /** One parameter; {@code value} is null when the parameter has none. */
    record Param(String name, String value) {}

    /** One listed extension (one offer). */
    record Element(String name, List<Param> params) {}

    private ExtensionHeader() {}

    /** The elements of {@code header} (which may join several header lines with commas); empty for null. */
    static List<Element> parse(String header) {
        List<Element> elements = new ArrayList<>();
        if (header == null) {
            return elements;
        }
        for (String element : split(header, ',')) {
            List<String> parts = split(element, ';');
            String name = parts.get(0).trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            List<Param> params = new ArrayList<>();
            for (int i = 1; i < parts.size(); i++) {
                String p = parts.get(i).trim();
                if (p.isEmpty()) {
                    continue;
                }
                int eq = p.indexOf('=');
                if (eq < 0) {
                    params.add(new Param(p.toLowerCase(Locale.ROOT), null));
                } else {
                    String value = p.substring(eq + 1).trim();
                    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                        value = value.substring(1, value.length() - 1);
                    }
                    params.add(new Param(p.substring(0, eq).trim().toLowerCase(Locale.ROOT), value));
                }
            }
            elements.add(new Element(name, params));
        }
        return elements;
    }

    /** Splits on {@code separator} outside quoted strings. */
    private static List<String> split(String s, char separator) {
        List<String> out = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == separator && !quoted) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }
}
