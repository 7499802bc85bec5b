package org.dtp.uploads;

import org.dtp.transfer.uploads.UploadRefusedException;
import org.dtp.transfer.uploads.UploadRefusedException.Reason;

import java.util.List;
import java.util.Locale;

/** The file names uploads may have: one safe path segment, with an ending the server's sources read. */
final class UploadNames {
    private static final int MAX_LENGTH = 200;

    private final List<String> endings;

    UploadNames(List<String> endings) {
        this.endings = endings.stream().map(e -> e.strip().toLowerCase(Locale.ROOT)).filter(e -> !e.isEmpty()).toList();
    }

    /** {@code given} as the name to store, or why it cannot be one. */
    String checked(String given) throws UploadRefusedException {
        if (given == null || given.isBlank()) {
            throw new UploadRefusedException(Reason.BAD_NAME, "an upload needs a file name (query parameter name)");
        }
        // A browser may send a whole client path: only its last segment is the name.
        String name = given.substring(Math.max(given.lastIndexOf('/'), given.lastIndexOf('\\')) + 1).strip();
        if (name.isEmpty() || name.startsWith(".") || name.length() > MAX_LENGTH
                || name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new UploadRefusedException(Reason.BAD_NAME, "'" + printable(given) + "' is not a file name this server "
                    + "keeps: at most " + MAX_LENGTH + " characters, no control characters, not starting with '.'");
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (endings.stream().noneMatch(lower::endsWith)) {
            throw new UploadRefusedException(Reason.BAD_NAME, "'" + printable(name) + "' is not a kind of file the server "
                    + "reads: its name must end with one of " + String.join(", ", endings));
        }
        return name;
    }

    private static String printable(String text) {
        String shown = text.codePoints().map(c -> c < 0x20 || c == 0x7f ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return shown.length() > 80 ? shown.substring(0, 80) + "..." : shown;
    }
}
