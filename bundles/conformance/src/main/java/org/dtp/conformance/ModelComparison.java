package org.dtp.conformance;

import org.dtp.models.MediaRef;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.ParticipationStatus;
import org.dtp.models.calendar.Transparency;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Compares two canonical models field by field, as paths the fidelity report uses ({@code attendees[1].role},
 * {@code flags.keywords[0]}, {@code exif.Make}): records by their components, lists by index, maps by key. Media
 * references are compared by the SHA-256 of the bytes behind them, opened on either side, not by their opaque
 * uri. A null text and an empty one are the same to a person, and so to this comparison; numbers of floating point
 * agree to 1e-6; RFC 5545's meanings hold: an RRULE's parts in any order are the same rule, an attendee without ROLE
 * or PARTSTAT is a REQ-PARTICIPANT who NEEDS-ACTION, an event without TRANSP is OPAQUE. The top-level {@code id} is never compared (the destination
 * assigns its own).
 */
public final class ModelComparison {
    /** A field whose value differs: what the sample had, what the destination holds. */
    public record Difference(String path, Object expected, Object actual) {
        @Override
        public String toString() {
            return path + ": expected <" + expected + "> but the destination holds <" + actual + ">";
        }
    }

    /** Opens the bytes behind a media reference on one side. */
    @FunctionalInterface
    public interface Opener {
        InputStream open(MediaRef ref) throws Exception;
    }

    /** Fields that refer to other items by their id: compared through the mapping of source ids to destination ids. */
    private static final List<String> ITEM_REFERENCES = List.of("parentId");

    private final Opener expectedMedia;
    private final Opener actualMedia;
    private final Map<String, String> destinationIds;

    /** @param destinationIds source item id to the id the destination gave the item matched to it */
    public ModelComparison(Opener expectedMedia, Opener actualMedia, Map<String, String> destinationIds) {
        this.expectedMedia = expectedMedia;
        this.actualMedia = actualMedia;
        this.destinationIds = destinationIds;
    }

    /** Every difference between {@code expected} and {@code actual}. */
    public List<Difference> compare(Object expected, Object actual) throws Exception {
        List<Difference> differences = new ArrayList<>();
        compare("", expected, actual, differences);
        return differences;
    }

    private void compare(String path, Object expected, Object actual, List<Difference> out) throws Exception {
        if (blank(expected) && blank(actual)) {
            return;
        }
        String field = path.replaceAll("\\[\\d+]", "");
        if ((field.equals("recurrenceRules") || field.equals("recurrenceRule")) && expected instanceof String e && actual instanceof String a) {
            expected = recurrenceRule(e);
            actual = recurrenceRule(a);
        } else if (path.matches("attendees\\[\\d+]\\.role")) {
            expected = expected == null ? AttendeeRole.REQ_PARTICIPANT : expected;
            actual = actual == null ? AttendeeRole.REQ_PARTICIPANT : actual;
        } else if (path.matches("attendees\\[\\d+]\\.status")) {
            expected = expected == null ? ParticipationStatus.NEEDS_ACTION : expected;
            actual = actual == null ? ParticipationStatus.NEEDS_ACTION : actual;
        } else if (path.equals("transparency")) {
            expected = expected == null ? Transparency.OPAQUE : expected;
            actual = actual == null ? Transparency.OPAQUE : actual;
        }
        if (expected == null || actual == null) {
            out.add(new Difference(path, expected, actual));
        } else if (expected instanceof MediaRef e && actual instanceof MediaRef a) {
            String want = sha256(expectedMedia.open(e));
            String got = sha256(actualMedia.open(a));
            if (!want.equals(got)) {
                out.add(new Difference(path, "bytes with SHA-256 " + want, "bytes with SHA-256 " + got));
            }
        } else if (expected.getClass().isRecord() && expected.getClass() == actual.getClass()) {
            for (RecordComponent component : expected.getClass().getRecordComponents()) {
                String name = component.getName();
                if (path.isEmpty() && name.equals("id")) {
                    continue;
                }
                Object e = component.getAccessor().invoke(expected);
                Object a = component.getAccessor().invoke(actual);
                if (path.isEmpty() && ITEM_REFERENCES.contains(name) && e instanceof String ref) {
                    e = destinationIds.getOrDefault(ref, "(the destination id of " + ref + ")");
                }
                compare(path.isEmpty() ? name : path + "." + name, e, a, out);
            }
        } else if (expected instanceof List<?> e && actual instanceof List<?> a) {
            for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
                compare(path + "[" + i + "]", i < e.size() ? e.get(i) : null, i < a.size() ? a.get(i) : null, out);
            }
        } else if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
            TreeSet<String> keys = new TreeSet<>();
            e.keySet().forEach(k -> keys.add(String.valueOf(k)));
            a.keySet().forEach(k -> keys.add(String.valueOf(k)));
            for (String key : keys) {
                compare(path + "." + key, e.get(key), a.get(key), out);
            }
        } else if (expected instanceof Double e && actual instanceof Double a) {
            if (Math.abs(e - a) > 1e-6) {
                out.add(new Difference(path, expected, actual));
            }
        } else if (!Objects.equals(expected, actual)) {
            out.add(new Difference(path, expected, actual));
        }
    }

    /** An RRULE with its parts in one order: RFC 5545 gives their order no meaning (FREQ first by custom only). */
    private static String recurrenceRule(String rule) {
        return java.util.Arrays.stream(rule.toUpperCase(java.util.Locale.ROOT).split(";")).sorted().collect(java.util.stream.Collectors.joining(";"));
    }

    private static boolean blank(Object value) {
        return value == null || value instanceof String s && s.isEmpty()
                || value instanceof Collection<?> c && c.isEmpty() || value instanceof Map<?, ?> m && m.isEmpty();
    }

    /**
     * Whether {@code path} is covered by one of {@code fields}: the same path, a path inside it ({@code attendees}
     * covers {@code attendees[1].role}), or the same with {@code [*]} for any index ({@code attendees[*].rsvp}).
     */
    public static boolean covered(String path, Collection<String> fields) {
        String anyIndex = path.replaceAll("\\[\\d+]", "[*]");
        for (String field : fields) {
            for (String p : List.of(path, anyIndex)) {
                if (p.equals(field) || p.startsWith(field + ".") || p.startsWith(field + "[")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The SHA-256 of a stream's bytes in hex, read in small pieces; the stream is closed. */
    public static String sha256(InputStream in) throws IOException {
        try (in) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
