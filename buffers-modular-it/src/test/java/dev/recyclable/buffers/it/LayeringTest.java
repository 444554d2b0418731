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

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The library's layering, checked on its main classes:
 *
 * <pre>
 *   buffers-ssh, buffers-websocket, buffers-http,
 *   buffers-test-support                                   each on the core's public API only
 *   buffers-core: dev.recyclable.buffers.interop           on the core's public API
 *                 dev.recyclable.buffers                   the public API: pool, stream, views
 *                 dev.recyclable.buffers.internal          chunks and free lists: imports nothing above
 * </pre>
 *
 * No package of the library depends on a package above it, an {@code internal} package is used
 * only inside its own module, and no two packages depend on each other, directly or round a loop.
 */
class LayeringTest {
    private static final String CORE_API = "dev.recyclable.buffers";
    private static final String CORE_INTERNAL = "dev.recyclable.buffers.internal..";
    private static final String CORE_INTEROP = "dev.recyclable.buffers.interop..";
    private static final String SSH = "dev.recyclable.buffers.ssh..";
    private static final String WEBSOCKET = "dev.recyclable.buffers.websocket..";
    private static final String HTTP = "dev.recyclable.buffers.http..";
    private static final String TESTING = "dev.recyclable.buffers.testing..";

    /** The library modules' main classes (this module's own consumer is not part of the library). */
    private static final JavaClasses LIBRARY = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("/dev/recyclable/buffers/it/"))
            .importPackages(CORE_API);

    @Test
    void theCoreDependsOnNothingAboveIt() {
        noClasses()
                .that()
                .resideInAnyPackage(CORE_API, CORE_INTERNAL, CORE_INTEROP)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SSH, WEBSOCKET, HTTP, TESTING)
                .check(LIBRARY);
    }

    @Test
    void theCoresInternalLayerImportsNothingOfThePublicLayer() {
        noClasses()
                .that()
                .resideInAPackage(CORE_INTERNAL)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(CORE_API, CORE_INTEROP)
                .check(LIBRARY);
    }

    @Test
    void theModulesAboveTheCoreDoNotDependOnEachOther() {
        for (List<String> pair : List.of(
                List.of(SSH, WEBSOCKET),
                List.of(SSH, TESTING),
                List.of(WEBSOCKET, SSH),
                List.of(WEBSOCKET, TESTING),
                List.of(TESTING, SSH),
                List.of(TESTING, WEBSOCKET),
                List.of(HTTP, SSH),
                List.of(HTTP, WEBSOCKET),
                List.of(HTTP, TESTING),
                List.of(SSH, HTTP),
                List.of(WEBSOCKET, HTTP),
                List.of(TESTING, HTTP))) {
            noClasses()
                    .that()
                    .resideInAPackage(pair.get(0))
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage(pair.get(1))
                    .check(LIBRARY);
        }
    }

    @Test
    void anInternalPackageIsUsedOnlyInsideItsModule() {
        noClasses()
                .that()
                .resideOutsideOfPackages(CORE_API, CORE_INTERNAL, CORE_INTEROP)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(CORE_INTERNAL)
                .check(LIBRARY);
        noClasses()
                .that()
                .resideOutsideOfPackage(SSH)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.recyclable.buffers.ssh..internal..")
                .check(LIBRARY);
        noClasses()
                .that()
                .resideOutsideOfPackage(WEBSOCKET)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.recyclable.buffers.websocket..internal..")
                .check(LIBRARY);
        noClasses()
                .that()
                .resideOutsideOfPackage(HTTP)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.recyclable.buffers.http..internal..")
                .check(LIBRARY);
    }

    @Test
    void noTwoPackagesDependOnEachOther() {
        slices().matching("dev.recyclable.(**)")
                .namingSlices("$1")
                .should()
                .beFreeOfCycles()
                .check(LIBRARY);
    }
}
