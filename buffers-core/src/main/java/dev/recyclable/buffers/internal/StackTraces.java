package dev.recyclable.buffers.internal;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Formats recorded allocation sites for leak reports. */
public final class StackTraces {
    private StackTraces() {
    }

    public static String format(Throwable site) {
        StringWriter out = new StringWriter();
        site.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
