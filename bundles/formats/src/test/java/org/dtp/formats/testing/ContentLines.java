package org.dtp.formats.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An iCalendar parser of its own, independent of the library dtp reads with, for round-trip comparisons: the content
 * lines (RFC 5545 §3.1) of each component, unfolded, by the component's place ({@code VEVENT 1/VALARM 2}) and
 * identity (UID and RECURRENCE-ID), each line normalised only where RFC 5545 gives two spellings of one thing:
 * parameter order and quotes, the case of names, a VALUE parameter naming the property's default type, the order
 * of a recurrence rule's parts.
 */
public final class ContentLines {
    /** VALUE parameters that name the default value type of their property (RFC 5545 §3.8). */
    private static final Map<String, String> DEFAULT_TYPES = Map.of("DTSTART", "DATE-TIME", "DTEND", "DATE-TIME",
            "DUE", "DATE-TIME", "RECURRENCE-ID", "DATE-TIME", "EXDATE", "DATE-TIME", "RDATE", "DATE-TIME",
            "TRIGGER", "DURATION", "ATTACH", "URI", "URL", "URI");

    private ContentLines() {
    }

    /** One content line: upper-case name, parameters by upper-case name (values unquoted), value as written. */
    public record Line(String name, Map<String, String> params, String value) {
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(name);
            params.forEach((k, v) -> s.append(';').append(k).append('=').append(v));
            return s.append(':').append(value).toString();
        }
    }

    /**
     * The items of {@code text} (VEVENT, VTODO) keyed by {@code "VEVENT|uid|recurrence-id"}, and their subcomponents
     * keyed by the item's key and {@code "/VALARM 1"} (their place among the item's subcomponents); VTIMEZONEs left
     * out.
     */
    public static Map<String, List<Line>> components(String text) {
        Component root = new Component("");
        List<Component> open = new ArrayList<>(List.of(root));
        for (String raw : text.replaceAll("\r?\n[ \t]", "").split("\r?\n")) {
            if (raw.isEmpty()) {
                continue;
            }
            Line line = parse(raw);
            Component current = open.get(open.size() - 1);
            if (line.name().equals("BEGIN")) {
                Component child = new Component(line.value().toUpperCase(Locale.ROOT));
                current.children.add(child);
                open.add(child);
            } else if (line.name().equals("END")) {
                open.remove(open.size() - 1);
            } else {
                current.lines.add(line);
            }
        }
        Map<String, List<Line>> out = new LinkedHashMap<>();
        for (Component calendar : root.children) {
            for (Component item : calendar.children) {
                if (!item.name.equals("VEVENT") && !item.name.equals("VTODO")) {
                    continue;
                }
                String key = item.name + "|" + item.value("UID") + "|" + item.value("RECURRENCE-ID");
                out.put(key, item.lines);
                for (int i = 0; i < item.children.size(); i++) {
                    out.put(key + "/" + item.children.get(i).name + " " + (i + 1), item.children.get(i).lines);
                }
            }
        }
        return out;
    }

    private static final class Component {
        final String name;
        final List<Line> lines = new ArrayList<>();
        final List<Component> children = new ArrayList<>();

        Component(String name) {
            this.name = name;
        }

        String value(String property) {
            return lines.stream().filter(l -> l.name().equals(property)).map(Line::value).findFirst().orElse("");
        }
    }

    private static Line parse(String raw) {
        int colon = -1;
        boolean quoted = false;
        for (int i = 0; i < raw.length() && colon < 0; i++) {
            char c = raw.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ':' && !quoted) {
                colon = i;
            }
        }
        String head = colon < 0 ? raw : raw.substring(0, colon);
        String value = colon < 0 ? "" : raw.substring(colon + 1);
        List<String> parts = splitOutsideQuotes(head, ';');
        String name = parts.get(0).toUpperCase(Locale.ROOT);
        Map<String, String> params = new TreeMap<>();
        for (String p : parts.subList(1, parts.size())) {
            int eq = p.indexOf('=');
            String k = (eq < 0 ? p : p.substring(0, eq)).toUpperCase(Locale.ROOT);
            String v = eq < 0 ? "" : p.substring(eq + 1).replace("\"", "");
            if (!(k.equals("VALUE") && v.equalsIgnoreCase(DEFAULT_TYPES.get(name)))) {
                params.put(k, v);
            }
        }
        if (name.equals("RRULE") || name.equals("EXRULE")) {
            List<String> rule = new ArrayList<>(List.of(value.split(";")));
            rule.sort(null);
            value = String.join(";", rule);
        }
        return new Line(name, params, value);
    }

    private static List<String> splitOutsideQuotes(String s, char sep) {
        List<String> out = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (char c : s.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == sep && !quoted) {
                out.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        out.add(part.toString());
        return out;
    }
}
