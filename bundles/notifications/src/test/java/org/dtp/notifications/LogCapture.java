package org.dtp.notifications;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** What slf4j-simple writes to System.err while it is open (it looks System.err up at each line). */
final class LogCapture implements AutoCloseable {
    private final PrintStream original = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    LogCapture() {
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    }

    /** The lines logged so far that contain {@code text}. */
    List<String> lines(String text) {
        return Arrays.stream(all().split("\n")).filter(l -> l.contains(text)).toList();
    }

    String all() {
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        System.setErr(original);
        original.print(all());
    }
}
