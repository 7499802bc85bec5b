package org.dtp.formats.ical;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * iCalendar objects as whole texts: the objects of a file that calendar apps export (one VCALENDAR holding many
 * events, or several VCALENDARs one after the other) taken apart into one object per UID, as {@link ICalendarFormat}
 * reads them, and objects put together from components and the VTIMEZONEs they need. Works on the text, so that
 * every component and VTIMEZONE keeps its exact lines; {@link ICalendarFormat} judges them when it reads them.
 */
public final class ICalendarObjects {
    private static final Pattern TZID_PARAMETER = Pattern.compile("(?i);TZID=(\"[^\"]*\"|[^;:]*)");
    private static final Pattern TZID_LINE = Pattern.compile("(?m)^TZID[;:](?:.*:)?([^\\r\\n]+)");
    private static final String CRLF = "\r\n";

    private ICalendarObjects() {
    }

    /**
     * The iCalendar objects of {@code text}, one per UID in the order the UIDs first appear: each a VCALENDAR with the
     * calendar properties of the VCALENDAR it came from (VERSION, PRODID, METHOD, ...), the VTIMEZONEs its components
     * name by TZID (those the file has), and all components of that UID (a master and its changed occurrences, which
     * files may keep apart). A component without a UID is an object of its own. Text that is no VCALENDAR, or one that
     * does not end, is returned as it is, as one object, for the reader to refuse.
     */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        List<String> lines = List.of(text.split("\r?\n", -1));
        int i = 0;
        while (i < lines.size()) {
            if (lines.get(i).isBlank()) {
                i++;
                continue;
            }
            if (!lines.get(i).trim().equalsIgnoreCase("BEGIN:VCALENDAR")) {
                out.add(text); // not an iCalendar file: one piece, refused when read
                return out;
            }
            int end = endOf(lines, i);
            if (end < 0) {
                out.add(String.join(CRLF, lines.subList(i, lines.size())));
                return out;
            }
            out.addAll(objectsOf(lines.subList(i + 1, end)));
            i = end + 1;
        }
        return out;
    }

    /** The index of the END line of the component that starts at {@code begin}; -1 when it never ends. */
    private static int endOf(List<String> lines, int begin) {
        int depth = 0;
        for (int i = begin; i < lines.size(); i++) {
            String line = lines.get(i).trim().toUpperCase(Locale.ROOT);
            if (line.startsWith("BEGIN:")) {
                depth++;
            } else if (line.startsWith("END:") && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The objects of one VCALENDAR's body (its lines between BEGIN and END). */
    private static List<String> objectsOf(List<String> body) {
        StringBuilder properties = new StringBuilder();
        Map<String, String> zones = new LinkedHashMap<>();
        Map<String, List<String>> byUid = new LinkedHashMap<>();
        int i = 0;
        int withoutUid = 0;
        while (i < body.size()) {
            String line = body.get(i);
            if (!line.trim().toUpperCase(Locale.ROOT).startsWith("BEGIN:")) {
                if (!line.isEmpty()) {
                    properties.append(line).append(CRLF);
                }
                i++;
                continue;
            }
            int end = endOf(body, i);
            if (end < 0) {
                end = body.size() - 1; // an unterminated component: kept as it is, for the reader to refuse
            }
            String component = String.join(CRLF, body.subList(i, end + 1)) + CRLF;
            String name = line.trim().substring("BEGIN:".length()).toUpperCase(Locale.ROOT);
            String unfolded = unfold(component);
            if (name.equals("VTIMEZONE")) {
                Matcher id = TZID_LINE.matcher(unfolded);
                zones.put(id.find() ? id.group(1).trim() : "", component);
            } else {
                String uid = uidOf(unfolded);
                byUid.computeIfAbsent(uid == null ? "\u0000" + withoutUid++ : uid, k -> new ArrayList<>()).add(component);
            }
            i = end + 1;
        }
        List<String> out = new ArrayList<>();
        for (List<String> components : byUid.values()) {
            Set<String> tzids = new LinkedHashSet<>();
            components.forEach(c -> tzids.addAll(tzidsNamed(unfold(c))));
            List<String> needed = new ArrayList<>();
            for (String tzid : tzids) {
                if (zones.containsKey(tzid)) {
                    needed.add(zones.get(tzid));
                }
            }
            out.add("BEGIN:VCALENDAR" + CRLF + properties + String.join("", needed) + String.join("", components) + "END:VCALENDAR" + CRLF);
        }
        return out;
    }

    /** The UID of a component: its own UID line, not one of a component inside it (a VALARM has none anyway). */
    private static String uidOf(String unfolded) {
        int depth = 0;
        for (String line : unfolded.split("\r\n")) {
            String upper = line.toUpperCase(Locale.ROOT);
            if (upper.startsWith("BEGIN:")) {
                depth++;
            } else if (upper.startsWith("END:")) {
                depth--;
            } else if (depth == 1 && (upper.startsWith("UID:") || upper.startsWith("UID;"))) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return null;
    }

    /** The TZIDs the properties of {@code unfolded} name by their TZID parameter. */
    private static Set<String> tzidsNamed(String unfolded) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = TZID_PARAMETER.matcher(unfolded);
        while (m.find()) {
            String value = m.group(1);
            out.add(value.startsWith("\"") ? value.substring(1, value.length() - 1) : value);
        }
        return out;
    }

    /** {@code text} with its folded lines joined (RFC 5545 §3.1). */
    private static String unfold(String text) {
        return text.replaceAll("\r\n[ \t]", "");
    }

    /**
     * The iCalendar object of {@code components} (each {@code BEGIN:...END:...} text, as
     * {@link ICalendarFormat#writeEventComponent} writes them) and {@code vtimezones} (VTIMEZONE texts, e.g. from
     * {@link ICalendarFormat#vtimezoneFor}), VERSION 2.0 with the PRODID {@code prodId}.
     */
    public static String object(String prodId, Collection<String> vtimezones, Collection<String> components) {
        return "BEGIN:VCALENDAR" + CRLF + "VERSION:2.0" + CRLF + "PRODID:" + prodId + CRLF
                + String.join("", vtimezones) + String.join("", components) + "END:VCALENDAR" + CRLF;
    }

    /**
     * The iCalendar object {@code object} with {@code vtimezones} added before its first component and
     * {@code component} added at its end: a changed occurrence joining its master, with the zones it needs that the
     * object lacks ({@link ICalendarFormat#vtimezones} tells which it has).
     */
    public static String insert(String object, Collection<String> vtimezones, String component) {
        String text = object.endsWith("\n") ? object : object + CRLF;
        int end = text.toUpperCase(Locale.ROOT).lastIndexOf("END:VCALENDAR");
        return withZones(text.substring(0, end) + component + text.substring(end), vtimezones);
    }

    /**
     * The iCalendar object {@code object} with its {@code componentName} component ({@code VEVENT} or {@code VTODO})
     * that stands for {@code occurrence} ({@code ""} the master, else the RECURRENCE-ID's {@link ICalendarFormat#timeText})
     * replaced by {@code component}, and {@code vtimezones} added before its first component; every other component
     * (a master's changed occurrences, the object's VTIMEZONEs) keeps its exact lines. Empty when the object has no
     * such component.
     *
     * @throws MalformedICalendarException when {@code object} is not one iCalendar object that can be read whole
     * @since 1.3
     */
    public static Optional<String> replace(String object, String componentName, String occurrence,
                                                     Collection<String> vtimezones, String component)
            throws MalformedICalendarException {
        List<String> lines = List.of(object.split("\r?\n", -1));
        int begin = 0;
        while (begin < lines.size() && lines.get(begin).isBlank()) {
            begin++;
        }
        int end = begin < lines.size() && lines.get(begin).trim().equalsIgnoreCase("BEGIN:VCALENDAR") ? endOf(lines, begin) : -1;
        if (end < 0) {
            throw new MalformedICalendarException("not one iCalendar object");
        }
        Collection<String> zones = ICalendarFormat.vtimezones(object).values();
        for (int i = begin + 1; i < end; i++) {
            String line = lines.get(i).trim();
            if (!line.toUpperCase(Locale.ROOT).startsWith("BEGIN:")) {
                continue;
            }
            int last = endOf(lines, i);
            if (last < 0 || last >= end) {
                throw new MalformedICalendarException("a component that does not end: " + line);
            }
            if (line.equalsIgnoreCase("BEGIN:" + componentName)) {
                String found = String.join(CRLF, lines.subList(i, last + 1)) + CRLF;
                // Read alone with the object's zones, so that its RECURRENCE-ID is read as in the whole object.
                if (ICalendarFormat.occurrences(object("-//dtp//occurrence//EN", zones, List.of(found)), componentName)
                        .contains(occurrence)) {
                    return Optional.of(withZones(String.join(CRLF, lines.subList(0, i)) + CRLF + component
                            + String.join(CRLF, lines.subList(last + 1, lines.size())), vtimezones));
                }
            }
            i = last;
        }
        return Optional.empty();
    }

    /**
     * The UID of the iCalendar object {@code object}: that of its first component that has one (a CalDAV resource's
     * components all share one UID, RFC 4791 §4.1). Empty when none has one.
     *
     * @since 1.3
     */
    public static Optional<String> uid(String object) {
        for (String piece : split(object)) {
            String uid = uidOf(unfold(piece.substring(piece.indexOf('\n') + 1)));
            if (uid != null) {
                return Optional.of(uid);
            }
        }
        return Optional.empty();
    }

    /** {@code object} with {@code vtimezones} added before its first component. */
    private static String withZones(String object, Collection<String> vtimezones) {
        if (vtimezones.isEmpty()) {
            return object;
        }
        int first = object.indexOf("\nBEGIN:V", object.indexOf("BEGIN:VCALENDAR") + 1);
        return object.substring(0, first + 1) + String.join("", vtimezones) + object.substring(first + 1);
    }

    /** Why a TZID could not be given its VTIMEZONE, for a fidelity report. */
    public static final String NO_VTIMEZONE = "the source gave no VTIMEZONE for this TZID and it is no IANA zone:"
            + " times are written with the TZID alone";

    /**
     * The VTIMEZONE texts for those of {@code tzids} not in {@code present}: the source's own (carried in
     * {@code extended}), else one from the JDK's rules for an IANA zone; each TZID with neither is handed to
     * {@code noVtimezone} (typically to report it as not kept, with {@link #NO_VTIMEZONE}).
     */
    public static List<String> vtimezonesFor(Collection<String> tzids, List<org.dtp.models.ExtendedProperty> extended,
                                             Collection<String> present, java.util.function.Consumer<String> noVtimezone) {
        List<String> out = new ArrayList<>();
        for (String tzid : tzids) {
            if (!present.contains(tzid)) {
                ICalendarFormat.vtimezoneFor(tzid, extended).ifPresentOrElse(out::add, () -> noVtimezone.accept(tzid));
            }
        }
        return out;
    }
}
