package dev.recyclable.buffers.benchmarks.showcase;

/**
 * A fact the showcase verifies; any failed check makes it exit non-zero.
 *
 * @param name   what was checked
 * @param passed whether it held
 * @param detail the measured value or the reason it failed
 */
public record Check(String name, boolean passed, String detail) {

    public static Check of(String name, boolean passed, String detail) {
        return new Check(name, passed, detail);
    }
}
