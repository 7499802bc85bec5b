package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;

import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What the importers compare of a component they sent with what the server stored, and how they send it again: the
 * extended properties without the VTIMEZONEs an item carries (the resource's, which a server may store re-serialised)
 * and in one order, as the order of a component's properties means nothing (RFC 5545 §3.6) and servers change it
 * (Radicale groups an alarm's); the alarms' likewise.
 */
final class ComparableComponents {
    private ComparableComponents() {
    }

    static List<ExtendedProperty> extended(List<ExtendedProperty> properties) {
        return properties.stream().filter(x -> !x.name().equals(ICalendarFormat.VTIMEZONE_PROPERTY))
                .sorted(Comparator.comparing(ExtendedProperty::name).thenComparing(ExtendedProperty::value)
                        .thenComparing(x -> x.params().toString()))
                .toList();
    }

    static List<Alarm> alarms(List<Alarm> alarms) {
        return withExtended(alarms, ComparableComponents::extended);
    }

    /** {@code alarms} with their URI values TEXT-escaped ({@link ICalendarFormat#textEscapedUris}). */
    static List<Alarm> textEscapedUris(List<Alarm> alarms) {
        return withExtended(alarms, ICalendarFormat::textEscapedUris);
    }

    private static List<Alarm> withExtended(List<Alarm> alarms, UnaryOperator<List<ExtendedProperty>> change) {
        return alarms.stream().map(a -> new Alarm(a.action(), a.actionText(), a.triggerOffset(), a.triggerFromEnd(),
                a.triggerAt(), a.description(), change.apply(a.extended()))).toList();
    }
}
