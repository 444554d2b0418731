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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ```java} block of README.md and of the modules' README.md files is code that compiles: each
 * block sits right below a marker {@code <!-- snippet: <test source>#<region> -->}, and that region of the
 * test source (between {@code // README:begin <region>} and {@code // README:end <region>}) is the same code,
 * whitespace aside. The test sources are compiled by their module's build, so a README that drifts from
 * the API fails here, naming the block, its source and the first line that differs.
 */
class ReadmeSnippetsTest {

    private static final Pattern MARKER = Pattern.compile("<!--\\s*snippet:\\s*([^#\\s]+)#(\\S+)\\s*-->");
    private static final Pattern BEGIN = Pattern.compile("^\\s*//\\s*README:begin\\s+(\\S+)\\s*$");
    private static final Pattern END = Pattern.compile("^\\s*//\\s*README:end\\s+(\\S+)\\s*$");

    /** A region of a test source: its lines (README markers excluded) and where it starts (1-based). */
    private record Region(String name, List<String> lines, int firstLine) {}

    private final Map<Path, Map<String, Region>> regionsBySource = new HashMap<>();

    @Test
    void everyReadmeJavaBlockIsARegionOfACompiledTestSource() throws IOException {
        Path root = projectRoot();
        List<String> problems = new ArrayList<>();
        Map<Path, List<String>> shown = new LinkedHashMap<>();
        int blocks = 0;
        for (Path readme : readmes(root)) {
            List<String> lines = Files.readAllLines(readme, StandardCharsets.UTF_8);
            for (int open = 0; open < lines.size(); open++) {
                if (!lines.get(open).strip().equals("```java")) {
                    continue;
                }
                blocks++;
                int close = open + 1;
                while (close < lines.size() && !lines.get(close).strip().equals("```")) {
                    close++;
                }
                String block = root.relativize(readme) + " line " + (open + 1) + " (```java block)";
                String problem = checkBlock(root, block, lines, open, close, shown);
                if (problem != null) {
                    problems.add(problem);
                }
                open = close;
            }
        }
        // a region no README shows is dead code that nobody checks against the README any more
        for (Map.Entry<Path, List<String>> source : shown.entrySet()) {
            for (Region region : regionsBySource.get(source.getKey()).values()) {
                if (!source.getValue().contains(region.name())) {
                    problems.add(root.relativize(source.getKey()) + " line " + region.firstLine() + ": region '"
                            + region.name() + "' is shown by no README block: remove it, or mark a README block with "
                            + "<!-- snippet: " + root.relativize(source.getKey()) + "#" + region.name() + " -->");
                }
            }
        }
        assertTrue(blocks >= 3, "README.md's ```java blocks were not found (found " + blocks + ")");
        if (!problems.isEmpty()) {
            fail(problems.size() + " README code block(s) do not match compiled test code:\n\n"
                    + String.join("\n\n", problems));
        }
    }

    /**
     * README's ByteArrayOutputStream swap compiles with nothing but the stream's declaration changed
     * (the in-memory writes throw no checked exception), gives the same result, and gives the memory back.
     */
    @Test
    void swappingByteArrayOutputStreamChangesOnlyTheStreamsDeclaration() throws IOException {
        Path source = projectRoot().resolve("buffers-core/src/test/java/dev/recyclable/buffers/ReadmeSnippets.java");
        Map<String, Region> regions = regionsOf(source);
        List<String> before = stripped(regions.get("baos-before").lines());
        List<String> after = stripped(regions.get("baos-after").lines());
        assertTrue(before.remove("ByteArrayOutputStream out = new ByteArrayOutputStream();"), before::toString);
        assertTrue(
                after.remove("try (RecyclableOutputStream out = BufferPool.shared().newStream(\"csv\")) {"),
                after::toString);
        assertEquals("}", after.remove(after.size() - 2), "the try block's end, before the method's");
        assertEquals(before, after, "the method's other lines");

        List<String[]> rows = List.of(new String[] {"id", "name"}, new String[] {"1", "ünïcode"});
        long inUse = BufferPool.shared().stats().bytesInUse();
        assertEquals(ReadmeSnippets.Before.csv(rows), ReadmeSnippets.After.csv(rows));
        assertEquals("id,name\n1,ünïcode\n", ReadmeSnippets.After.csv(rows));
        assertEquals(inUse, BufferPool.shared().stats().bytesInUse(), "the stream's chunk went back");
    }

    private static List<String> stripped(List<String> lines) {
        return lines.stream().map(String::strip).collect(Collectors.toCollection(ArrayList::new));
    }

    private String checkBlock(
            Path root, String block, List<String> lines, int open, int close, Map<Path, List<String>> shown)
            throws IOException {
        if (close >= lines.size()) {
            return block + ": the block is never closed with ```";
        }
        int above = open - 1;
        while (above >= 0 && lines.get(above).isBlank()) {
            above--;
        }
        Matcher marker = above >= 0 ? MARKER.matcher(lines.get(above)) : null;
        if (marker == null || !marker.find()) {
            return block + ": no marker above it. Put the code in a region of a test source of the module it uses "
                    + "(e.g. buffers-core/src/test/java/dev/recyclable/buffers/ReadmeSnippets.java, between "
                    + "'// README:begin <name>' and '// README:end <name>') and write the line "
                    + "<!-- snippet: <that file>#<name> --> right above the block";
        }
        Path source = root.resolve(marker.group(1)).normalize();
        String name = marker.group(2);
        String where = block + ", marked " + marker.group(1) + "#" + name;
        if (!Files.isRegularFile(source)) {
            return where + ": no such file " + source;
        }
        Map<String, Region> regions = regionsBySource.get(source);
        if (regions == null) {
            regions = regionsOf(source);
            regionsBySource.put(source, regions);
        }
        Region region = regions.get(name);
        if (region == null) {
            return where + ": " + marker.group(1) + " has no region '" + name + "' (it has " + regions.keySet() + ")";
        }
        shown.computeIfAbsent(source, s -> new ArrayList<>()).add(name);
        return difference(where, lines.subList(open + 1, close), open + 2, region, marker.group(1));
    }

    /** Null when the block and the region are the same code; otherwise where they part, and both texts. */
    private static String difference(
            String where, List<String> readme, int readmeFirstLine, Region region, String sourceName) {
        Normalized a = Normalized.of(readme, readmeFirstLine);
        Normalized b = Normalized.of(region.lines(), region.firstLine());
        if (a.text.equals(b.text)) {
            return null;
        }
        int at = 0;
        while (at < a.text.length() && at < b.text.length() && a.text.charAt(at) == b.text.charAt(at)) {
            at++;
        }
        int readmeLine = a.lineAt(at, readmeFirstLine + readme.size() - 1);
        int sourceLine = b.lineAt(at, region.firstLine() + region.lines().size() - 1);
        return where + ": differs from that region, first at README line " + readmeLine + " / " + sourceName
                + " line " + sourceLine + ".\n  README:  " + lineOf(readme, readmeLine - readmeFirstLine)
                + "\n  source:  " + lineOf(region.lines(), sourceLine - region.firstLine())
                + "\n  Make them the same (the source is what compiles). The region reads:\n"
                + indent(stripCommonIndent(region.lines()));
    }

    private static Map<String, Region> regionsOf(Path source) throws IOException {
        List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
        Map<String, Region> regions = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher begin = BEGIN.matcher(lines.get(i));
            if (!begin.matches()) {
                continue;
            }
            String name = begin.group(1);
            int end = i + 1;
            while (end < lines.size() && !isEndOf(lines.get(end), name)) {
                end++;
            }
            if (end == lines.size()) {
                throw new AssertionError(
                        source + " line " + (i + 1) + ": region '" + name + "' has no '// README:end " + name + "'");
            }
            regions.put(name, new Region(name, List.copyOf(lines.subList(i + 1, end)), i + 2));
            i = end;
        }
        return regions;
    }

    private static boolean isEndOf(String line, String name) {
        Matcher end = END.matcher(line);
        return end.matches() && end.group(1).equals(name);
    }

    /**
     * The code with whitespace dropped except between two identifier characters, so that indentation, line
     * breaks and comment alignment (which a formatter may change in the source) do not count; each kept
     * character remembers its line, to say where two texts part.
     */
    private record Normalized(String text, int[] lineOfChar) {
        static Normalized of(List<String> lines, int firstLine) {
            StringBuilder text = new StringBuilder();
            List<Integer> lineOf = new ArrayList<>();
            boolean pendingSpace = false;
            for (int l = 0; l < lines.size(); l++) {
                String line = lines.get(l);
                for (int i = 0; i < line.length(); i++) {
                    char c = line.charAt(i);
                    if (Character.isWhitespace(c)) {
                        pendingSpace = true;
                        continue;
                    }
                    if (pendingSpace
                            && text.length() > 0
                            && Character.isJavaIdentifierPart(text.charAt(text.length() - 1))
                            && Character.isJavaIdentifierPart(c)) {
                        text.append(' ');
                        lineOf.add(firstLine + l);
                    }
                    pendingSpace = false;
                    text.append(c);
                    lineOf.add(firstLine + l);
                }
                pendingSpace = true;
            }
            return new Normalized(
                    text.toString(), lineOf.stream().mapToInt(Integer::intValue).toArray());
        }

        int lineAt(int index, int lastLine) {
            return index < lineOfChar.length ? lineOfChar[index] : lastLine;
        }
    }

    private static String lineOf(List<String> lines, int index) {
        return index >= 0 && index < lines.size() ? lines.get(index).strip() : "(end of block)";
    }

    private static List<String> stripCommonIndent(List<String> lines) {
        int indent = lines.stream()
                .filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length())
                .min()
                .orElse(0);
        return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).collect(Collectors.toList());
    }

    private static String indent(List<String> lines) {
        return lines.stream().map(l -> "    " + l).collect(Collectors.joining("\n"));
    }

    /** README.md at the top of the project and each module's README.md. */
    private static List<Path> readmes(Path root) throws IOException {
        List<Path> readmes = new ArrayList<>();
        readmes.add(root.resolve("README.md"));
        try (Stream<Path> children = Files.list(root)) {
            children.filter(Files::isDirectory)
                    .map(d -> d.resolve("README.md"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .forEach(readmes::add);
        }
        return readmes;
    }

    /** Surefire runs in the module's directory; the project's top is the nearest one holding README.md and buffers-core. */
    private static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("buffers-core"))) {
                return dir;
            }
        }
        throw new AssertionError(
                "no project directory with README.md above " + Path.of("").toAbsolutePath());
    }
}
