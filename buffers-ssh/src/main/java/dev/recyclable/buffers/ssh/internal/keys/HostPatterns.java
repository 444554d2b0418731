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
package dev.recyclable.buffers.ssh.internal.keys;

import java.nio.charset.StandardCharsets;

/**
 * OpenSSH's host pattern matching ({@code match.c}): {@code *} matches any run of characters, {@code ?} exactly
 * one; a comma-separated list matches when some pattern matches and no {@code !}negated pattern does. Names and
 * patterns are compared in lower case, as {@code ssh} lower-cases the host name and the patterns.
 */
public final class HostPatterns {

    private HostPatterns() {}

    /** Whether {@code pattern} holds a wildcard (and so cannot be looked up by exact name). */
    public static boolean hasWildcard(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
    }

    /**
     * Matches {@code name} (lower case) against the already lower-cased, already split {@code patterns}.
     *
     * @return whether a positive pattern matched and no negated one did
     */
    public static boolean matchesList(String name, String[] patterns) {
        boolean positive = false;
        for (String p : patterns) {
            boolean negated = p.startsWith("!");
            if (matches(name, 0, p, negated ? 1 : 0)) {
                if (negated) {
                    return false;
                }
                positive = true;
            }
        }
        return positive;
    }

    /** Glob match of {@code s[si..]} against {@code p[pi..]}, iterative with one backtrack point per star. */
    static boolean matches(String s, int si, String p, int pi) {
        int star = -1;
        int starMatch = 0;
        while (si < s.length()) {
            // a star is a wildcard even facing a '*' in the name: taken for a literal, it left no backtrack point
            if (pi < p.length() && p.charAt(pi) == '*') {
                star = pi++;
                starMatch = si;
            } else if (pi < p.length() && (p.charAt(pi) == '?' || p.charAt(pi) == s.charAt(si))) {
                si++;
                pi++;
            } else if (star >= 0) {
                pi = star + 1;
                si = ++starMatch;
            } else {
                return false;
            }
        }
        while (pi < p.length() && p.charAt(pi) == '*') {
            pi++;
        }
        return pi == p.length();
    }

    /**
     * The name {@code ssh} looks up: {@code host} on port 22, else {@code [host]:port}; lower case (ASCII letters
     * only, as C's {@code tolower}).
     */
    public static String lookupName(String host, int port) {
        String h = lowerCaseAscii(host);
        return port == 22 ? h : "[" + h + "]:" + port;
    }

    /**
     * {@code name} as {@code ssh} compares it, its UTF-8 bytes, one char per byte: the form {@link KnownHostsIndex}
     * holds host fields in.
     */
    static String asBytes(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) >= 0x80) {
                return new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            }
        }
        return name;
    }

    /** {@code s} with ASCII upper-case letters in lower case, every other char as it is (C's {@code tolower}). */
    public static String lowerCaseAscii(String s) {
        char[] c = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch >= 'A' && ch <= 'Z') {
                if (c == null) {
                    c = s.toCharArray();
                }
                c[i] = (char) (ch + ('a' - 'A'));
            }
        }
        return c == null ? s : new String(c);
    }
}
