package org.dtp.models.calendar;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.Schema;
import org.dtp.models.media.GeoLocation;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An event (VEVENT). A recurring event carries its rules in {@code recurrenceRules} (RRULE values
 * without the {@code RRULE:} prefix), extra and excluded occurrences in {@code recurrenceDates} and
 * {@code exceptionDates}. A changed occurrence is an event of its own with the master's {@code uid}
 * and the original start of that occurrence as {@code recurrenceId}.
 * The event ends at {@code end} or lasts {@code duration} (RFC 5545 dur-value), never both.
 * {@code classificationText} holds the source's class when {@code classification} is OTHER, and only then.
 * {@code propertyParameters} holds, by field name ({@code summary}, {@code description}, {@code start},
 * {@code recurrenceId}, {@code organizer}, ...), the parameters of the property read into that field which the field
 * has no place for (LANGUAGE, ALTREP, RANGE, SENT-BY, DIR, a TZID on a date, X- parameters), by upper-case name, as
 * written: kept so that they are written back (since 1.3). The LANGUAGE and ALTREP of {@code summary},
 * {@code description} and {@code location} are kept there; since 1.4 an ORGANIZER's parameters are in
 * {@link Organizer#parameters()}, RANGE=THISANDFUTURE in {@code thisAndFuture} and a TZID on a date in its
 * {@link CalendarTime}.
 * {@code thisAndFuture} says that a changed occurrence changes its occurrence and every later one
 * ({@code RECURRENCE-ID;RANGE=THISANDFUTURE}, RFC 5545 §3.8.4.4); it is set only with a {@code recurrenceId} (since 1.4).
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
        List<ExtendedProperty> extended,
        Map<String, Map<String, List<String>>> propertyParameters,
        boolean thisAndFuture) implements ItemModel {

    public CalendarEvent {
        Objects.requireNonNull(id, "id");
        if (end != null && duration != null) {
            throw new IllegalArgumentException("an event has an end or a duration, not both");
        }
        Alarm.checkDuration(duration, "duration");
        if ((classification == Classification.OTHER) != (classificationText != null)) {
            throw new IllegalArgumentException("classificationText is set exactly when classification is OTHER");
        }
        if (thisAndFuture && recurrenceId == null) {
            throw new IllegalArgumentException("thisAndFuture belongs to a changed occurrence, which has a recurrenceId");
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
        propertyParameters = copyOf(propertyParameters);
    }

    /** The components of 1.2, without property parameters: kept so that code built against 1.2 runs unchanged. */
    public CalendarEvent(String id, String uid, CalendarTime recurrenceId, String summary, String description,
                         String location, CalendarTime start, CalendarTime end, String duration, EventStatus status,
                         Transparency transparency, Classification classification, String classificationText,
                         Organizer organizer, List<Attendee> attendees, List<String> categories,
                         List<String> recurrenceRules, List<CalendarTime> recurrenceDates,
                         List<CalendarTime> exceptionDates, List<Alarm> alarms, int sequence, Instant created,
                         Instant lastModified, String url, GeoLocation geo, List<ExtendedProperty> extended) {
        this(id, uid, recurrenceId, summary, description, location, start, end, duration, status, transparency,
                classification, classificationText, organizer, attendees, categories, recurrenceRules,
                recurrenceDates, exceptionDates, alarms, sequence, created, lastModified, url, geo, extended, null);
    }

    /** The components of 1.3, without {@code thisAndFuture}: kept so that code built against 1.3 runs unchanged. */
    public CalendarEvent(String id, String uid, CalendarTime recurrenceId, String summary, String description,
                         String location, CalendarTime start, CalendarTime end, String duration, EventStatus status,
                         Transparency transparency, Classification classification, String classificationText,
                         Organizer organizer, List<Attendee> attendees, List<String> categories,
                         List<String> recurrenceRules, List<CalendarTime> recurrenceDates,
                         List<CalendarTime> exceptionDates, List<Alarm> alarms, int sequence, Instant created,
                         Instant lastModified, String url, GeoLocation geo, List<ExtendedProperty> extended,
                         Map<String, Map<String, List<String>>> propertyParameters) {
        this(id, uid, recurrenceId, summary, description, location, start, end, duration, status, transparency,
                classification, classificationText, organizer, attendees, categories, recurrenceRules,
                recurrenceDates, exceptionDates, alarms, sequence, created, lastModified, url, geo, extended,
                propertyParameters, false);
    }

    /** An unmodifiable copy in the order given (as ExtendedProperty keeps its parameters), value lists included; null becomes empty. */
    static Map<String, Map<String, List<String>>> copyOf(Map<String, Map<String, List<String>>> parameters) {
        Map<String, Map<String, List<String>>> copy = new LinkedHashMap<>();
        if (parameters != null) {
            parameters.forEach((field, params) -> copy.put(Objects.requireNonNull(field, "field"), Parameters.copyOf(params)));
        }
        return Collections.unmodifiableMap(copy);
    }

    /** Its start ({@link CalendarTime#toInstant()}). */
    @Override
    @JsonIgnore
    public Optional<Instant> selectionInstant() {
        return Optional.ofNullable(start).map(CalendarTime::toInstant);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this CalendarEvent's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link CalendarEvent} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     * {@code sequence} starts at 0, the sequence of a first version.
     */
    public static final class Builder {
        private String id;
        private String uid;
        private CalendarTime recurrenceId;
        private String summary;
        private String description;
        private String location;
        private CalendarTime start;
        private CalendarTime end;
        private String duration;
        private EventStatus status;
        private Transparency transparency;
        private Classification classification;
        private String classificationText;
        private Organizer organizer;
        private List<Attendee> attendees;
        private List<String> categories;
        private List<String> recurrenceRules;
        private List<CalendarTime> recurrenceDates;
        private List<CalendarTime> exceptionDates;
        private List<Alarm> alarms;
        private int sequence;
        private Instant created;
        private Instant lastModified;
        private String url;
        private GeoLocation geo;
        private List<ExtendedProperty> extended;
        private Map<String, Map<String, List<String>>> propertyParameters;
        private boolean thisAndFuture;

        private Builder() {
        }

        private Builder(CalendarEvent source) {
            id = source.id;
            uid = source.uid;
            recurrenceId = source.recurrenceId;
            summary = source.summary;
            description = source.description;
            location = source.location;
            start = source.start;
            end = source.end;
            duration = source.duration;
            status = source.status;
            transparency = source.transparency;
            classification = source.classification;
            classificationText = source.classificationText;
            organizer = source.organizer;
            attendees = source.attendees;
            categories = source.categories;
            recurrenceRules = source.recurrenceRules;
            recurrenceDates = source.recurrenceDates;
            exceptionDates = source.exceptionDates;
            alarms = source.alarms;
            sequence = source.sequence;
            created = source.created;
            lastModified = source.lastModified;
            url = source.url;
            geo = source.geo;
            extended = source.extended;
            propertyParameters = source.propertyParameters;
            thisAndFuture = source.thisAndFuture;
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder recurrenceId(CalendarTime recurrenceId) {
            this.recurrenceId = recurrenceId;
            return this;
        }

        public Builder summary(String summary) {
            this.summary = summary;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder location(String location) {
            this.location = location;
            return this;
        }

        public Builder start(CalendarTime start) {
            this.start = start;
            return this;
        }

        public Builder end(CalendarTime end) {
            this.end = end;
            return this;
        }

        public Builder duration(String duration) {
            this.duration = duration;
            return this;
        }

        public Builder status(EventStatus status) {
            this.status = status;
            return this;
        }

        public Builder transparency(Transparency transparency) {
            this.transparency = transparency;
            return this;
        }

        public Builder classification(Classification classification) {
            this.classification = classification;
            return this;
        }

        public Builder classificationText(String classificationText) {
            this.classificationText = classificationText;
            return this;
        }

        public Builder organizer(Organizer organizer) {
            this.organizer = organizer;
            return this;
        }

        public Builder attendees(List<Attendee> attendees) {
            this.attendees = attendees;
            return this;
        }

        public Builder categories(List<String> categories) {
            this.categories = categories;
            return this;
        }

        public Builder recurrenceRules(List<String> recurrenceRules) {
            this.recurrenceRules = recurrenceRules;
            return this;
        }

        public Builder recurrenceDates(List<CalendarTime> recurrenceDates) {
            this.recurrenceDates = recurrenceDates;
            return this;
        }

        public Builder exceptionDates(List<CalendarTime> exceptionDates) {
            this.exceptionDates = exceptionDates;
            return this;
        }

        public Builder alarms(List<Alarm> alarms) {
            this.alarms = alarms;
            return this;
        }

        public Builder sequence(int sequence) {
            this.sequence = sequence;
            return this;
        }

        public Builder created(Instant created) {
            this.created = created;
            return this;
        }

        public Builder lastModified(Instant lastModified) {
            this.lastModified = lastModified;
            return this;
        }

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        public Builder geo(GeoLocation geo) {
            this.geo = geo;
            return this;
        }

        public Builder extended(List<ExtendedProperty> extended) {
            this.extended = extended;
            return this;
        }

        public Builder propertyParameters(Map<String, Map<String, List<String>>> propertyParameters) {
            this.propertyParameters = propertyParameters;
            return this;
        }

        public Builder thisAndFuture(boolean thisAndFuture) {
            this.thisAndFuture = thisAndFuture;
            return this;
        }

        /** The CalendarEvent; throws as the canonical constructor does when the components break its rules. */
        public CalendarEvent build() {
            return new CalendarEvent(id, uid, recurrenceId, summary, description, location, start, end,
                    duration, status, transparency, classification, classificationText, organizer, attendees,
                    categories, recurrenceRules, recurrenceDates, exceptionDates, alarms, sequence, created,
                    lastModified, url, geo, extended, propertyParameters, thisAndFuture);
        }
    }
}
