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
package dev.recyclable.buffers.benchmarks.ssh.fanout;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Where a run's client CPU went, from Linux's per-thread accounting ({@code /proc/self/task/<tid>/stat}): user and
 * kernel time of the whole process, and the part spent by the JVM's own threads (JIT compilers, garbage collector),
 * which live through the run. What is left is the application's threads, most of them sshj readers that exited
 * before the end (their time stays in the process total). Linux only; {@link #measure} returns {@code null}
 * elsewhere. All four in clock ticks: user and kernel time of the process, JIT and GC threads' time (both).
 */
record CpuSplit(long user, long system, long jit, long gc) {

    private static final double TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture we run on

    /** The process's CPU so far, in clock ticks, or {@code null} without {@code /proc}. */
    static CpuSplit measure() {
        try {
            long[] process = userAndSystem(Paths.get("/proc/self/stat"));
            long jit = 0;
            long gc = 0;
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Paths.get("/proc/self/task"))) {
                for (Path task : tasks) {
                    String stat;
                    try {
                        stat = Files.readString(task.resolve("stat"));
                    } catch (IOException gone) {
                        continue; // the thread exited meanwhile
                    }
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    long[] t = userAndSystem(stat);
                    if (name.contains("CompilerThre")) {
                        jit += t[0] + t[1];
                    } else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
                        gc += t[0] + t[1];
                    }
                }
            }
            return new CpuSplit(process[0], process[1], jit, gc);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** What was spent between {@code before} and now, per target, as a line's worth of text. */
    static String since(CpuSplit before, int targets) {
        CpuSplit now = measure();
        if (before == null || now == null) {
            return "-";
        }
        double perTarget = 1000 / TICKS_PER_SECOND / targets;
        long jit = now.jit - before.jit;
        long gc = now.gc - before.gc;
        long user = now.user - before.user;
        long system = now.system - before.system;
        return String.format(
                Locale.ROOT,
                "user %.2f + kernel %.2f ms/target, of which JIT %.2f, GC %.2f, application %.2f",
                user * perTarget,
                system * perTarget,
                jit * perTarget,
                gc * perTarget,
                (user + system - jit - gc) * perTarget);
    }

    private static long[] userAndSystem(Path stat) throws IOException {
        return userAndSystem(Files.readString(stat));
    }

    /** Fields 14 and 15 of a stat line (utime, stime), counted after the command name, which may hold spaces. */
    private static long[] userAndSystem(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // fields[0] is field 3 (state): utime is field 14, stime field 15
        return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
    }
}
