package dev.recyclable.buffers.benchmarks.showcase;

import java.util.ArrayList;
import java.util.List;

/**
 * The sections the showcase runs, in order: the core section always, then each optional section
 * whose class is on the class path. Optional sections are found by class name, so the engineers
 * of the SSH and WebSocket modules add theirs by writing that one class in their own package.
 */
public final class ShowcaseSections {

    /** Where optional sections live; a missing class is skipped, a broken one fails the showcase. */
    static final List<String> OPTIONAL_SECTION_CLASSES = List.of(
            "dev.recyclable.buffers.benchmarks.ssh.SshShowcaseSection",
            // the SSH section (issue 4)
            "dev.recyclable.buffers.benchmarks.showcase.SshSection",
            "dev.recyclable.buffers.benchmarks.websocket.WebSocketShowcaseSection");

    private ShowcaseSections() {
    }

    /** The sections to run, core first. */
    public static List<ShowcaseSection> discover() {
        List<ShowcaseSection> sections = new ArrayList<>();
        sections.add(new CoreSection());
        for (String className : OPTIONAL_SECTION_CLASSES) {
            Class<?> type;
            try {
                type = Class.forName(className);
            } catch (ClassNotFoundException absent) {
                continue;
            }
            try {
                sections.add((ShowcaseSection) type.getConstructor().newInstance());
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalStateException(className + " is on the class path but is not a usable "
                        + "ShowcaseSection (public, public no-argument constructor)", e);
            }
        }
        return sections;
    }
}
