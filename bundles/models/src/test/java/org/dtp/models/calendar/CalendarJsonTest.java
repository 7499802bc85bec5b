package org.dtp.models.calendar;

import org.dtp.models.DataModel;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ModelFormatException;
import org.dtp.models.ModelJsonContract;
import org.dtp.models.media.GeoLocation;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class CalendarJsonTest extends ModelJsonContract {
    private static final String UID = "6f1c2e9a-recurring@example.org";
    private static final String BERLIN = "Europe/Berlin";

    static Calendar calendar() {
        return new Calendar("cal-1", "Arbeit – Büro 📅", "Team & Termine", "#1E90FF", BERLIN);
    }

    /** A weekly meeting in Berlin time with one extra and one cancelled occurrence. */
    static CalendarEvent master() {
        return CalendarEvent.builder()
                .id("evt-1")
                .uid(UID)
                .summary("Jour fixe – Überblick")
                .description("Agenda:\n1. Zahlen\n2. Ausblick")
                .location("Raum 3.14")
                .start(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-04T10:00"), BERLIN))
                .end(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-04T10:30"), BERLIN))
                .status(EventStatus.CONFIRMED)
                .transparency(Transparency.OPAQUE)
                .classification(Classification.OTHER)
                .classificationText("X-COMPANY-ONLY")
                .organizer(new Organizer("mailto:chef@example.org", "Renée Chef",
                        Map.of("SENT-BY", List.of("mailto:assistenz@example.org"))))
                .attendees(List.of(new Attendee("mailto:a@example.org", "Åsa", AttendeeRole.CHAIR, null,
                                ParticipationStatus.ACCEPTED, null, false),
                        new Attendee("mailto:b@example.org", "李雷", AttendeeRole.OPT_PARTICIPANT, null,
                                ParticipationStatus.NEEDS_ACTION, null, true),
                        new Attendee("mailto:room@example.org", null, AttendeeRole.OTHER, "X-ROOM",
                                ParticipationStatus.OTHER, "X-AUTO-ACCEPTED", false)))
                .categories(List.of("Arbeit", "Wöchentlich"))
                .recurrenceRules(List.of("FREQ=WEEKLY;BYDAY=MO;UNTIL=20241230T090000Z"))
                .recurrenceDates(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-07T10:00"), BERLIN)))
                .exceptionDates(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-04-01T10:00"), BERLIN)))
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, "Gleich: Jour fixe"),
                        new Alarm(AlarmAction.OTHER, "X-PUSH", null, false, Instant.parse("2024-03-04T08:00:00Z"), null)))
                .sequence(3)
                .created(Instant.parse("2024-02-01T12:00:00Z"))
                .lastModified(Instant.parse("2024-02-20T16:45:10Z"))
                .url("https://example.org/events/1")
                .geo(new GeoLocation(52.52, 13.405, null))
                .extended(List.of(new ExtendedProperty("X-MICROSOFT-CDO-BUSYSTATUS", Map.of(), "BUSY"),
                        new ExtendedProperty("X-ALT-DESC", Map.of("FMTTYPE", List.of("text/html")), "<p>Agenda</p>")))
                .propertyParameters(Map.of("summary", Map.of("LANGUAGE", List.of("de"))))
                .build();
    }

    /** The occurrence of 11 March moved to the afternoon: its own event, same uid. */
    static CalendarEvent exception() {
        return CalendarEvent.builder()
                .id("evt-1_20240311")
                .uid(UID)
                .recurrenceId(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T10:00"), BERLIN))
                .thisAndFuture(true)
                .summary("Jour fixe (verschoben)")
                .location("Raum 2.71")
                .start(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T15:00"), BERLIN))
                .duration("PT45M")
                .status(EventStatus.TENTATIVE)
                .sequence(4)
                .build();
    }

    /** Christmas Eve to Boxing Day, all day; DTEND of an all-day event is exclusive. */
    static CalendarEvent allDay() {
        return CalendarEvent.builder()
                .id("evt-2")
                .uid("xmas@example.org")
                .summary("Weihnachten 🎄")
                .start(CalendarTime.ofDate(LocalDate.parse("2024-12-24")))
                .end(CalendarTime.ofDate(LocalDate.parse("2024-12-27")))
                .transparency(Transparency.TRANSPARENT)
                .classification(Classification.PUBLIC)
                .build();
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(calendar(), master());
    }

    @Test
    public void anExceptionInstanceRoundTripsWithTheMastersUidAndItsRecurrenceId() {
        CalendarEvent read = roundTrip(exception());

        assertEquals(exception(), read);
        assertEquals(master().uid(), read.uid());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T10:00"), BERLIN), read.recurrenceId());
    }

    @Test
    public void anAllDayEventRoundTrips() {
        assertEquals(allDay(), roundTrip(allDay()));
    }

    @Test
    public void anAllDayEventIsWrittenAsPlainDates() {
        String text = json.write(allDay());

        assertTrue(text, text.contains("\"start\":{\"date\":\"2024-12-24\"}"));
        assertFalse(text, text.contains("dateTime"));
    }

    @Test
    public void aZonedTimeKeepsItsWallClockAndZoneId() {
        String text = json.write(master());

        assertTrue(text, text.contains("\"start\":{\"dateTime\":\"2024-03-04T10:00:00\",\"timeZoneId\":\"Europe/Berlin\"}"));
    }

    @Test
    public void floatingAndUtcTimesRoundTripAsDistinctForms() {
        CalendarEvent event = CalendarEvent.builder()
                .id("evt-3")
                .summary("Aufstehen")
                .start(CalendarTime.ofFloating(LocalDateTime.parse("2024-03-31T02:30")))
                .end(CalendarTime.ofUtc(Instant.parse("2024-03-31T05:00:00Z")))
                .build();

        CalendarEvent read = roundTrip(event);

        assertEquals(event, read);
        assertEquals(null, read.start().timeZoneId());
        assertEquals(null, read.start().utc());
    }

    @Test
    public void aNominalDurationStaysAsWritten() {
        String text = json.write(exception());

        assertTrue(text, text.contains("\"duration\":\"PT45M\""));
    }

    @Test
    public void aMalformedDurationInJsonIsRefused() {
        String text = json.write(exception()).replace("\"PT45M\"", "\"45 minutes\"");

        assertThrows(ModelFormatException.class, () -> json.read(text, CalendarEvent.class));
    }

    @Test
    public void anEventWithBothEndAndDurationIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CalendarEvent.builder()
                .id("e")
                .start(CalendarTime.ofDate(LocalDate.parse("2024-01-01")))
                .end(CalendarTime.ofDate(LocalDate.parse("2024-01-02")))
                .duration("P1D")
                .build());
    }

    @Test
    public void aCalendarTimeOfTwoFormsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CalendarTime(LocalDate.parse("2024-01-01"),
                null, null, Instant.parse("2024-01-01T00:00:00Z")));
    }

    @Test
    public void aTimeZoneIdOnUtcIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new CalendarTime(null, null, BERLIN, Instant.parse("2024-01-01T00:00:00Z")));
    }

    @Test
    public void aDateWrittenWithATimeZoneIdKeepsIt() {
        CalendarEvent holiday = allDay().toBuilder().start(CalendarTime.ofDate(LocalDate.parse("2024-12-24"), "Eastern")).build();

        String text = json.write(holiday);

        assertTrue(text, text.contains("\"start\":{\"date\":\"2024-12-24\",\"timeZoneId\":\"Eastern\"}"));
        assertEquals(holiday, roundTrip(holiday));
        assertEquals("a date is read in UTC, its TZID or not", Instant.parse("2024-12-24T00:00:00Z"), holiday.start().toInstant());
    }

    @Test
    public void thisAndFutureWithoutARecurrenceIdIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CalendarEvent.builder().id("e").thisAndFuture(true).build());
    }

    @Test
    public void anOrganizersParametersKeepTheirOrder() {
        Map<String, List<String>> given = new java.util.LinkedHashMap<>();
        given.put("SENT-BY", List.of("mailto:office@example.org"));
        given.put("DIR", List.of("ldap://example.org/cn=Chef"));
        given.put("LANGUAGE", List.of("de"));

        Organizer organizer = new Organizer("mailto:chef@example.org", null, given);

        assertEquals(List.of("SENT-BY", "DIR", "LANGUAGE"), List.copyOf(organizer.parameters().keySet()));
        assertEquals(Map.of(), new Organizer("mailto:chef@example.org", null).parameters());
    }

    @Test
    public void classificationTextWithoutOtherIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CalendarEvent.builder()
                .id("e")
                .classification(Classification.PUBLIC)
                .classificationText("X-SECRET")
                .build());
    }

    @Test
    public void anAlarmWithTwoTriggersIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Alarm(AlarmAction.AUDIO, null, "-PT5M", false,
                Instant.parse("2024-01-01T00:00:00Z"), null));
    }

    @Test
    public void durationsOfEveryRfc5545FormAreAccepted() {
        for (String d : List.of("P2W", "P1D", "-P1DT2H", "+PT1H30M", "PT90S", "P0D")) {
            Alarm.checkDuration(d, "d");
        }
        for (String d : List.of("P", "PT", "P1DT", "P1H", "1D", "P1W2D", "PT1.5H")) {
            assertThrows(d, IllegalArgumentException.class, () -> Alarm.checkDuration(d, "d"));
        }
    }
}
