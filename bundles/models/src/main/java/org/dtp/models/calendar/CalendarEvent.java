package org.dtp.models.calendar;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.Schema;
import org.dtp.models.media.GeoLocation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * An event (VEVENT). A recurring event carries its rules in {@code recurrenceRules} (RRULE values
 * without the {@code RRULE:} prefix), extra and excluded occurrences in {@code recurrenceDates} and
 * {@code exceptionDates}. A changed occurrence is an event of its own with the master's {@code uid}
 * and the original start of that occurrence as {@code recurrenceId}.
 * The event ends at {@code end} or lasts {@code duration} (RFC 5545 dur-value), never both.
 * {@code classificationText} holds the source's class when {@code classification} is OTHER, and only then.
 */
@Schema(name = "dtp.calendar.event")
public record CalendarEvent(
        String id,
        String uid,
        CalendarTime recurrenceId,
        String summary,
        String description,
        String location,
        CalendarTime start,
        CalendarTime end,
        String duration,
        EventStatus status,
        Transparency transparency,
        Classification classification,
        String classificationText,
        Organizer organizer,
        List<Attendee> attendees,
        List<String> categories,
        List<String> recurrenceRules,
        List<CalendarTime> recurrenceDates,
        List<CalendarTime> exceptionDates,
        List<Alarm> alarms,
        int sequence,
        Instant created,
        Instant lastModified,
        String url,
        GeoLocation geo,
        List<ExtendedProperty> extended) implements ItemModel {

    public CalendarEvent {
        Objects.requireNonNull(id, "id");
        if (end != null && duration != null) {
            throw new IllegalArgumentException("an event has an end or a duration, not both");
        }
        Alarm.checkDuration(duration, "duration");
        if ((classification == Classification.OTHER) != (classificationText != null)) {
            throw new IllegalArgumentException("classificationText is set exactly when classification is OTHER");
        }
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence must not be negative, was " + sequence);
        }
        attendees = attendees == null ? List.of() : List.copyOf(attendees);
        categories = categories == null ? List.of() : List.copyOf(categories);
        recurrenceRules = recurrenceRules == null ? List.of() : List.copyOf(recurrenceRules);
        recurrenceDates = recurrenceDates == null ? List.of() : List.copyOf(recurrenceDates);
        exceptionDates = exceptionDates == null ? List.of() : List.copyOf(exceptionDates);
        alarms = alarms == null ? List.of() : List.copyOf(alarms);
        extended = extended == null ? List.of() : List.copyOf(extended);
    }
}
