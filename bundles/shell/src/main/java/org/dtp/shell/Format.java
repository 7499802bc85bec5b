package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.Col;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.models.Vertical;
import org.dtp.transfer.Direction;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** Formatting and parsing shared by the dtp commands: tables, sizes, times, progress bars, ids, settings. */
final class Format {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Format() {
    }

    /** Columns of counts and sizes, aligned right wherever they appear. */
    private static final Set<String> NUMERIC = Set.of("Items", "Bytes", "Errors");

    static ShellTable table(String... headers) {
        ShellTable table = new ShellTable();
        for (String header : headers) {
            Col col = table.column(header);
            if (NUMERIC.contains(header)) {
                col.alignRight();
            }
        }
        return table;
    }

    /** 1023 → "1023 B", 1536 → "1.5 KiB", 5 GiB → "5.0 GiB". */
    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }

    /** Local time to the second, or "-". */
    static String time(Instant instant) {
        return instant == null ? "-" : TIME.format(instant.atZone(ZoneId.systemDefault()));
    }

    static String orDash(String s) {
        return s == null || s.isBlank() ? "-" : s;
    }

    /** "RUNNING" or "PAUSED (paused by user)". */
    static String state(TransferJob job) {
        String reason = job.stateReason();
        return reason == null || reason.isBlank() ? job.state().name() : job.state() + " (" + reason + ")";
    }

    static String directions(Collection<Direction> directions) {
        return directions.stream().sorted().map(d -> d.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
    }

    static String count(long n, String singular) {
        return n + " " + (n == 1 ? singular : singular + "s");
    }

    /** "[#####-----]": {@code part} of {@code whole} in {@code width} characters; empty when whole is 0. */
    static String bar(long part, long whole, int width) {
        int filled = whole <= 0 ? 0 : (int) Math.min(width, Math.round((double) Math.max(0, part) * width / whole));
        return "[" + "#".repeat(filled) + "-".repeat(width - filled) + "]";
    }

    /** A selection in one line: its date range, containers named and excluded. */
    static String selection(Selection selection) {
        List<String> parts = new java.util.ArrayList<>();
        if (selection.hasDateRange()) {
            parts.add("dated from " + (selection.from() == null ? "any time" : selection.from()) + " to "
                    + (selection.to() == null ? "any time" : "before " + selection.to()));
        }
        if (!selection.containers().isEmpty()) {
            parts.add("only " + String.join(", ", selection.containers()));
        }
        if (!selection.excludeContainers().isEmpty()) {
            parts.add("not " + String.join(", ", selection.excludeContainers()));
        }
        return parts.isEmpty() ? "everything" : String.join("; ", parts);
    }

    static UUID id(String id) throws CommandException {
        try {
            return UUID.fromString(id.trim());
        } catch (IllegalArgumentException e) {
            throw new CommandException("Not a transfer id: '" + id + "' (expected a UUID, see dtp:transfers)");
        }
    }

    static Vertical vertical(String name) throws CommandException {
        try {
            return Vertical.parse(name);
        } catch (IllegalArgumentException e) {
            throw new CommandException(e.getMessage());
        }
    }

    /**
     * Settings given as {@code key=value}: ["path=/x", "user=ann"] → {path=/x, user=ann}. A secret setting
     * ({@link SecretSettings#isSecret}: password, secret, token, key) must not be typed on the command line, where the
     * shell's history, the command's thread name and so the log would keep it: it is given as {@code key} alone, and
     * {@code secrets} asks for it without echo, or as {@code key=@file}, whose content (without its line end) is the
     * value. {@code key=@file} works for any setting.
     */
    static Map<String, String> settings(List<String> pairs, String option, SecretPrompt secrets) throws CommandException {
        Map<String, String> settings = new LinkedHashMap<>();
        if (pairs == null) {
            return settings;
        }
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String key = (eq < 0 ? pair : pair.substring(0, eq)).trim();
            if (key.isEmpty() || eq < 0 && !SecretSettings.isSecret(key)) {
                throw new CommandException("Option " + option + " takes key=value, not '" + pair + "'");
            }
            String value = eq < 0 ? null : pair.substring(eq + 1);
            if (value == null) {
                value = ask(secrets, key, option);
            } else if (value.startsWith("@")) {
                value = fromFile(key, value.substring(1), option);
            } else if (SecretSettings.isSecret(key)) {
                throw new CommandException("Option " + option + ": the secret setting '" + key + "' is not taken on the command "
                        + "line, where the shell's history and log would keep it. Give '" + option + " " + key
                        + "' and type it when asked, or '" + option + " " + key + "=@/path/to/file' to read it from a file.");
            }
            settings.put(key, value);
        }
        return settings;
    }

    private static String ask(SecretPrompt secrets, String key, String option) throws CommandException {
        try {
            String value = secrets.ask(key + " (" + option + "): ");
            if (value == null || value.isEmpty()) {
                throw new CommandException("Option " + option + ": no value was typed for '" + key + "'");
            }
            return value;
        } catch (java.io.IOException e) {
            throw new CommandException("Option " + option + ": could not read '" + key + "': " + e.getMessage());
        }
    }

    private static String fromFile(String key, String file, String option) throws CommandException {
        try {
            String content = java.nio.file.Files.readString(java.nio.file.Path.of(file), java.nio.charset.StandardCharsets.UTF_8);
            // A file written by an editor or echo ends with a line end that is not part of the value.
            return content.endsWith("\r\n") ? content.substring(0, content.length() - 2)
                    : content.endsWith("\n") ? content.substring(0, content.length() - 1) : content;
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
            throw new CommandException("Option " + option + ": could not read the value of '" + key + "' from " + file + ": " + e);
        }
    }
}
