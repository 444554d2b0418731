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

import java.util.Locale;

/** Number formatting for the tables: three significant digits and a unit a reader can scan. */
final class Format {
    private Format() {}

    static String time(double nanos) {
        if (Double.isNaN(nanos)) {
            return "n/a";
        }
        if (nanos < 1e3) {
            return digits(nanos) + " ns";
        }
        if (nanos < 1e6) {
            return digits(nanos / 1e3) + " us";
        }
        if (nanos < 1e9) {
            return digits(nanos / 1e6) + " ms";
        }
        return digits(nanos / 1e9) + " s";
    }

    /** A time with its fork-to-fork spread, e.g. {@code 31.4 us ±3%} (no spread shown for one fork). */
    static String time(double nanos, double spread) {
        if (spread <= 0 || Double.isNaN(spread)) {
            return time(nanos);
        }
        return time(nanos) + String.format(Locale.ROOT, " ±%.0f%%", spread * 100);
    }

    static String bytes(double bytes) {
        if (Double.isNaN(bytes)) {
            return "n/a";
        }
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        if (bytes < 1024 * 1024) {
            return digits(bytes / 1024) + " KiB";
        }
        return digits(bytes / (1024 * 1024)) + " MiB";
    }

    /** A size parameter as 1 KiB, 64 KiB, 1 MiB. */
    static String size(int bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }

    static String ratio(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, ratio < 10 ? "%.2fx" : "%.1fx", ratio);
    }

    private static String digits(double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (value >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
