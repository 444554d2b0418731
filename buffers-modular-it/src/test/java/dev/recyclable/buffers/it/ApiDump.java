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
package dev.recyclable.buffers.it;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Executable;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Lists a module's public API from its compiled classes and its module descriptor, in the
 * manner of Kotlin's and Okio's API dumps: the module's unqualified exports and transitive
 * requirements, then every public type of the exported packages (nested public and protected
 * types included) with its public and protected members, one per line, sorted so that the
 * listing changes only when the API does.
 */
final class ApiDump {
    private ApiDump() {}

    /** The listing of the module that holds {@code anchor}. */
    static String of(Class<?> anchor) throws IOException, ClassNotFoundException, URISyntaxException {
        Path location = Path.of(
                anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(location)) {
            return list(location, anchor.getClassLoader());
        }
        try (FileSystem jar = FileSystems.newFileSystem(location)) {
            return list(jar.getPath("/"), anchor.getClassLoader());
        }
    }

    private static String list(Path root, ClassLoader loader) throws IOException, ClassNotFoundException {
        ModuleDescriptor descriptor;
        try (InputStream in = Files.newInputStream(root.resolve("module-info.class"))) {
            descriptor = ModuleDescriptor.read(in);
        }
        StringBuilder out =
                new StringBuilder("module ").append(descriptor.name()).append('\n');
        List<String> exported = descriptor.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .sorted()
                .toList();
        exported.forEach(p -> out.append("  exports ").append(p).append('\n'));
        descriptor.requires().stream()
                .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE))
                .map(ModuleDescriptor.Requires::name)
                .sorted()
                .forEach(r -> out.append("  requires transitive ").append(r).append('\n'));
        for (String pkg : exported) {
            for (String name : topLevelClasses(root, pkg)) {
                Class<?> type = Class.forName(name, false, loader);
                if (Modifier.isPublic(type.getModifiers())) {
                    describe(type, out);
                }
            }
        }
        return out.toString();
    }

    private static List<String> topLevelClasses(Path root, String pkg) throws IOException {
        Path dir = root.resolve(pkg.replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".class") && !f.contains("$") && !f.equals("package-info.class"))
                    .map(f -> pkg + "." + f.substring(0, f.length() - ".class".length()))
                    .sorted()
                    .toList();
        }
    }

    private static void describe(Class<?> type, StringBuilder out) {
        out.append('\n').append(header(type)).append('\n');
        List<String> members = new ArrayList<>();
        for (var f : type.getDeclaredFields()) {
            if (visible(f) && !f.isSynthetic()) {
                members.add(f.toGenericString());
            }
        }
        for (var c : type.getDeclaredConstructors()) {
            if (visible(c) && !c.isSynthetic()) {
                members.add(c.toGenericString());
            }
        }
        for (var m : type.getDeclaredMethods()) {
            if (visible(m) && !m.isSynthetic() && !m.isBridge()) {
                members.add(m.toGenericString());
            }
        }
        String qualifier = type.getName() + ".";
        members.stream()
                .map(m -> m.replace(qualifier, "")) // the type is the block's header: name members alone
                .sorted()
                .forEach(m -> out.append("  ").append(m).append('\n'));
        Arrays.stream(type.getDeclaredClasses())
                .filter(nested -> visible(nested.getModifiers()))
                .sorted((a, b) -> a.getName().compareTo(b.getName()))
                .forEach(nested -> describe(nested, out));
    }

    /** The type's declaration: modifiers, kind, name, what it extends, implements and permits. */
    private static String header(Class<?> type) {
        StringBuilder h = new StringBuilder(type.toGenericString());
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
            h.append(" extends ").append(superclass.getTypeName());
        }
        Type[] interfaces = type.getGenericInterfaces();
        if (interfaces.length > 0) {
            h.append(type.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(interfaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
        }
        if (type.isSealed()) {
            h.append(" permits ")
                    .append(Arrays.stream(type.getPermittedSubclasses())
                            .map(Class::getName)
                            .sorted()
                            .collect(Collectors.joining(", ")));
        }
        return h.toString();
    }

    private static boolean visible(Member member) {
        if (member instanceof Executable e
                && e.getDeclaringClass().isEnum()
                && e.getName().equals("$values")) {
            return false;
        }
        return visible(member.getModifiers());
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }
}
