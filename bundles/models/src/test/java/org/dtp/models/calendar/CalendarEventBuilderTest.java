package org.dtp.models.calendar;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.media.GeoLocation;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.dtp.models.RecordBuilders.assertFilled;
import static org.dtp.models.RecordBuilders.setEveryComponent;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class CalendarEventBuilderTest {
    private static final String BERLIN = "Europe/Berlin";

    /** Every component set but {@code duration}, which excludes {@code end}. */
    static CalendarEvent filled() {
        return new CalendarEvent("evt-1", "uid-1@example.org",
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T10:00"), BERLIN),
                "Jour fixe", "Agenda", "Raum 3.14",
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T15:00"), BERLIN),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T15:30"), BERLIN), null,
                EventStatus.CONFIRMED, Transparency.OPAQUE, Classification.OTHER, "X-COMPANY-ONLY",
                new Organizer("mailto:chef@example.org", "Renée Chef", Map.of("SENT-BY", List.of("mailto:office@example.org"))),
                List.of(new Attendee("mailto:a@example.org", "Åsa", AttendeeRole.CHAIR, null,
                        ParticipationStatus.ACCEPTED, null, true)),
                List.of("Arbeit"), List.of("FREQ=WEEKLY;BYDAY=MO"),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-07T10:00"), BERLIN)),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-04-01T10:00"), BERLIN)),
                List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, "Gleich")),
                3, Instant.parse("2024-02-01T12:00:00Z"), Instant.parse("2024-02-20T16:45:10Z"),
                "https://example.org/events/1", new GeoLocation(52.52, 13.405, null),
                List.of(new ExtendedProperty("X-MICROSOFT-CDO-BUSYSTATUS", Map.of(), "BUSY")),
                Map.of("summary", Map.of("LANGUAGE", List.of("de"))), true);
    }

    @Test
    public void everyComponentSetThroughTheBuilderGivesTheCanonicalRecord() {
        CalendarEvent withEnd = filled();
        CalendarEvent withDuration = new CalendarEvent(withEnd.id(), withEnd.uid(), withEnd.recurrenceId(),
                withEnd.summary(), withEnd.description(), withEnd.location(), withEnd.start(), null, "PT30M",
                withEnd.status(), withEnd.transparency(), withEnd.classification(), withEnd.classificationText(),
                withEnd.organizer(), withEnd.attendees(), withEnd.categories(), withEnd.recurrenceRules(),
                withEnd.recurrenceDates(), withEnd.exceptionDates(), withEnd.alarms(), withEnd.sequence(),
                withEnd.created(), withEnd.lastModified(), withEnd.url(), withEnd.geo(), withEnd.extended(), withEnd.propertyParameters(),
                withEnd.thisAndFuture());
        assertFilled(withEnd, "duration");
        assertFilled(withDuration, "end");

        assertEquals(withEnd, setEveryComponent(withEnd, CalendarEvent.builder()));
        assertEquals(withDuration, setEveryComponent(withDuration, CalendarEvent.builder()));
        assertEquals(withDuration, withEnd.toBuilder().end(null).duration("PT30M").build());
    }

    @Test
    public void theConstructorOf12LeavesNoPropertyParameters() {
        CalendarEvent e = filled();
        CalendarEvent of12 = new CalendarEvent(e.id(), e.uid(), e.recurrenceId(), e.summary(), e.description(), e.location(),
                e.start(), e.end(), e.duration(), e.status(), e.transparency(), e.classification(), e.classificationText(),
                e.organizer(), e.attendees(), e.categories(), e.recurrenceRules(), e.recurrenceDates(), e.exceptionDates(),
                e.alarms(), e.sequence(), e.created(), e.lastModified(), e.url(), e.geo(), e.extended());
        assertEquals(e.toBuilder().propertyParameters(null).thisAndFuture(false).build(), of12);
        assertEquals(Map.of(), of12.propertyParameters());
    }

    @Test
    public void theConstructorOf13LeavesThisAndFutureUnset() {
        CalendarEvent e = filled();
        CalendarEvent of13 = new CalendarEvent(e.id(), e.uid(), e.recurrenceId(), e.summary(), e.description(), e.location(),
                e.start(), e.end(), e.duration(), e.status(), e.transparency(), e.classification(), e.classificationText(),
                e.organizer(), e.attendees(), e.categories(), e.recurrenceRules(), e.recurrenceDates(), e.exceptionDates(),
                e.alarms(), e.sequence(), e.created(), e.lastModified(), e.url(), e.geo(), e.extended(), e.propertyParameters());
        assertEquals(e.toBuilder().thisAndFuture(false).build(), of13);
    }

    @Test
    public void toBuilderBuildsAnEqualCopy() {
        assertEquals(filled(), filled().toBuilder().build());
        assertEquals(4, filled().toBuilder().sequence(4).build().sequence());
    }

    @Test
    public void unsetComponentsDefaultAsTheConstructorDoes() {
        CalendarEvent built = CalendarEvent.builder().id("e").build();

        assertEquals(new CalendarEvent("e", null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, 0, null, null, null, null, null), built);
        assertEquals(List.of(), built.attendees());
        assertEquals(0, built.sequence());
    }

    @Test
    public void buildChecksAsTheConstructorDoes() {
        assertThrows(IllegalArgumentException.class, () -> CalendarEvent.builder().id("e")
                .end(CalendarTime.ofUtc(Instant.EPOCH)).duration("PT1H").build());
        assertThrows(IllegalArgumentException.class, () -> CalendarEvent.builder().id("e").sequence(-1).build());
    }
}
