package dev.recyclable.buffers.benchmarks.showcase;

import java.io.PrintStream;

/** What the showcase hands each section: a place to report progress and the allocation meter. */
public final class ShowcaseContext {
    private final PrintStream progressOut;
    private final AllocationMeter meter;
    private String sectionName = "";

    public ShowcaseContext(PrintStream progressOut, AllocationMeter meter) {
        this.progressOut = progressOut;
        this.meter = meter;
    }

    /** Prints one progress line, prefixed with the running section's name. */
    public void progress(String message) {
        progressOut.println("  [" + sectionName + "] " + message);
        progressOut.flush();
    }

    public AllocationMeter meter() {
        return meter;
    }

    void enterSection(String name) {
        sectionName = name;
    }
}
