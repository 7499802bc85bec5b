package org.dtp.formats.ical;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * iCalendar text as real clients write it, made readable before it is parsed: spaces in a recurrence rule's lists
 * ({@code BYDAY=MO, TU, WE}, which the parser cuts after {@code MO}) are taken out, and control characters (which
 * RFC 5545 §3.3.11 forbids in text, and XML 1.0 in the CalDAV answers that carry it) are removed; each change listed.
 */
final class TolerantText {
    private static final Pattern RULE_LINE = Pattern.compile("(?m)^((?:RRULE|EXRULE)[;:][^\\r\\n]*)");
    private static final Pattern LIST_SPACE = Pattern.compile("\\s*([,;=])\\s*");
    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]");

    /** A change made to read the text: the name of the property whose line it was in, and what was done. */
    record Change(String property, String reason) {
        static Change removed(String property, char character) {
            return new Change(property, property + ": control character U+" + String.format(Locale.ROOT, "%04X", (int) character)
                    + " removed (RFC 5545 text and XML 1.0 forbid it)");
        }
    }

    private final String text;
    private final List<Change> changes;

    private TolerantText(String text, List<Change> changes) {
        this.text = text;
        this.changes = changes;
    }

    static TolerantText of(String source) {
        Matcher rules = RULE_LINE.matcher(source);
        StringBuilder out = new StringBuilder();
        List<Change> changes = new ArrayList<>();
        while (rules.find()) {
            String rule = LIST_SPACE.matcher(rules.group(1)).replaceAll("$1");
            if (!rule.equals(rules.group(1))) {
                String name = propertyAt(rule, 0);
                changes.add(new Change(name, rules.group(1) + " read as " + rule + " (spaces in a rule's lists are not RFC 5545)"));
            }
            rules.appendReplacement(out, Matcher.quoteReplacement(rule));
        }
        rules.appendTail(out);
        String text = out.toString();
        if (!CONTROL.matcher(text).find()) {
            return new TolerantText(text, changes);
        }
        StringBuilder clean = new StringBuilder(text.length());
        String property = "";
        int lineStart = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (i == lineStart && c != ' ' && c != '\t') {
                property = propertyAt(text, i);
            }
            if (c == '\n') {
                lineStart = i + 1;
            }
            if (CONTROL.matcher(String.valueOf(c)).matches()) {
                changes.add(Change.removed(property, c));
            } else {
                clean.append(c);
            }
        }
        return new TolerantText(clean.toString(), changes);
    }

    private static String propertyAt(String text, int start) {
        int end = start;
        while (end < text.length() && text.charAt(end) != ';' && text.charAt(end) != ':' && text.charAt(end) != '\n') {
            end++;
        }
        return text.substring(start, end).toUpperCase(Locale.ROOT);
    }

    String text() {
        return text;
    }

    List<Change> changes() {
        return changes;
    }
}
