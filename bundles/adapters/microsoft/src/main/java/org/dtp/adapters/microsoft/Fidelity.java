package org.dtp.adapters.microsoft;

import org.dtp.formats.fidelity.RecordDifferences;
import org.dtp.formats.fidelity.RecordDifferences.Difference;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.contacts.PropertyDetails;
import org.dtp.spi.ImportContext;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The fidelity report of an Outlook import: the importer reads the body it is about to send back through its
 * exporter's mapping, and every field of the source model that does not come back the same is reported as not
 * kept (lost, changed, or given a value the source did not have), with a reason per top-level field (null: the
 * field is not compared). So the report
 * says exactly what the mapping changes. Paths are those of
 * {@link ImportContext#reportNotKept}: {@code attendees[1].role}, {@code emails[0].types}. Null and empty are the same,
 * an RRULE's parts are compared in any order, and the top-level {@code id} is the destination's own.
 */
public final class Fidelity {
    private static final Pattern RECURRENCE_RULE = Pattern.compile("recurrenceRules?(\\[\\d+])?");

    private Fidelity() {
    }

    /** Reports every field that {@code kept} does not hold as {@code source} does; {@code reason} by top-level field. */
    public static <R extends Record> void report(ImportContext context, String sourceId, R source, R kept, Function<String, String> reason) {
        for (Difference difference : RecordDifferences.between(source, kept)) {
            if (difference.path().equals("id") || blank(difference.before()) && blank(difference.after())
                    || sameRecurrenceRule(difference)) {
                continue;
            }
            String why = reason.apply(difference.field());
            if (why != null) {
                // A nested map of parameters (an attendee's) has a reason of its own, whatever its field's.
                context.reportNotKept(sourceId, difference.path(), detail(difference.before())
                        + (difference.path().endsWith(".parameters") ? "Graph has no place for the parameters of an iCalendar property" : why));
            }
        }
    }

    /**
     * What a source's parameters or extra properties (an attendee's CUTYPE, an alarm's REPEAT, the LANGUAGE of a
     * SUMMARY, a vCard group) or a whole alarm held, named in the reason as Graph has no place for them; empty for
     * other values.
     */
    private static String detail(Object before) {
        if (before instanceof Alarm a) {
            return ICalendarFormat.alarmText(a) + " not kept: ";
        }
        if (before instanceof ExtendedProperty x) {
            return x.name() + (x.params().isEmpty() ? "" : ";" + x.params()) + ":" + x.value() + " not kept: ";
        }
        if (before instanceof Map<?, ?> m && !m.isEmpty() || before instanceof PropertyDetails) {
            return before + " not kept: ";
        }
        return "";
    }

    private static boolean sameRecurrenceRule(Difference difference) {
        return RECURRENCE_RULE.matcher(difference.path()).matches() && difference.before() instanceof String before
                && difference.after() instanceof String after && sortedParts(before).equals(sortedParts(after));
    }

    private static String sortedParts(String rule) {
        return String.join(";", Arrays.stream(rule.toUpperCase(Locale.ROOT).split(";")).sorted().toList());
    }

    private static boolean blank(Object value) {
        return value == null || value instanceof String s && s.isEmpty() || value instanceof Collection<?> c && c.isEmpty()
                || value instanceof Map<?, ?> m && m.isEmpty();
    }
}
