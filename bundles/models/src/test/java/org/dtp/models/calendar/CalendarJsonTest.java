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
        return new CalendarEvent("evt-1", UID, null,
                "Jour fixe – Überblick", "Agenda:\n1. Zahlen\n2. Ausblick", "Raum 3.14",
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-04T10:00"), BERLIN),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-04T10:30"), BERLIN), null,
                EventStatus.CONFIRMED, Transparency.OPAQUE, Classification.OTHER, "X-COMPANY-ONLY",
                new Organizer("mailto:chef@example.org", "Renée Chef"),
                List.of(new Attendee("mailto:a@example.org", "Åsa", AttendeeRole.CHAIR, null,
                                ParticipationStatus.ACCEPTED, null, false),
                        new Attendee("mailto:b@example.org", "李雷", AttendeeRole.OPT_PARTICIPANT, null,
                                ParticipationStatus.NEEDS_ACTION, null, true),
                        new Attendee("mailto:room@example.org", null, AttendeeRole.OTHER, "X-ROOM",
                                ParticipationStatus.OTHER, "X-AUTO-ACCEPTED", false)),
                List.of("Arbeit", "Wöchentlich"),
                List.of("FREQ=WEEKLY;BYDAY=MO;UNTIL=20241230T090000Z"),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-07T10:00"), BERLIN)),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-04-01T10:00"), BERLIN)),
                List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, "Gleich: Jour fixe"),
                        new Alarm(AlarmAction.OTHER, "X-PUSH", null, false, Instant.parse("2024-03-04T08:00:00Z"), null)),
                3, Instant.parse("2024-02-01T12:00:00Z"), Instant.parse("2024-02-20T16:45:10Z"),
                "https://example.org/events/1", new GeoLocation(52.52, 13.405, null),
                List.of(new ExtendedProperty("X-MICROSOFT-CDO-BUSYSTATUS", Map.of(), "BUSY"),
                        new ExtendedProperty("X-ALT-DESC", Map.of("FMTTYPE", List.of("text/html")), "<p>Agenda</p>")));
    }

    /** The occurrence of 11 March moved to the afternoon: its own event, same uid. */
    static CalendarEvent exception() {
        return new CalendarEvent("evt-1_20240311", UID,
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T10:00"), BERLIN),
                "Jour fixe (verschoben)", null, "Raum 2.71",
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-11T15:00"), BERLIN), null, "PT45M",
                EventStatus.TENTATIVE, null, null, null, null, null, null, null, null, null, null,
                4, null, null, null, null, null);
    }

    /** Christmas Eve to Boxing Day, all day; DTEND of an all-day event is exclusive. */
    static CalendarEvent allDay() {
        return new CalendarEvent("evt-2", "xmas@example.org", null, "Weihnachten 🎄", null, null,
                CalendarTime.ofDate(LocalDate.parse("2024-12-24")), CalendarTime.ofDate(LocalDate.parse("2024-12-27")),
                null, null, Transparency.TRANSPARENT, Classification.PUBLIC, null, null, null, null, null,
                null, null, null, 0, null, null, null, null, null);
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
        CalendarEvent event = new CalendarEvent("evt-3", null, null, "Aufstehen", null, null,
                CalendarTime.ofFloating(LocalDateTime.parse("2024-03-31T02:30")),
                CalendarTime.ofUtc(Instant.parse("2024-03-31T05:00:00Z")), null,
                null, null, null, null, null, null, null, null, null, null, null, 0, null, null, null, null, null);

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
        assertThrows(IllegalArgumentException.class, () -> new CalendarEvent("e", null, null, null, null, null,
                CalendarTime.ofDate(LocalDate.parse("2024-01-01")), CalendarTime.ofDate(LocalDate.parse("2024-01-02")),
                "P1D", null, null, null, null, null, null, null, null, null, null, null, 0, null, null, null, null, null));
    }

    @Test
    public void aCalendarTimeOfTwoFormsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CalendarTime(LocalDate.parse("2024-01-01"),
                null, null, Instant.parse("2024-01-01T00:00:00Z")));
    }

    @Test
    public void aTimeZoneIdWithoutDateTimeIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new CalendarTime(LocalDate.parse("2024-01-01"), null, BERLIN, null));
    }

    @Test
    public void classificationTextWithoutOtherIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CalendarEvent("e", null, null, null, null, null,
                null, null, null, null, null, Classification.PUBLIC, "X-SECRET",
                null, null, null, null, null, null, null, 0, null, null, null, null, null));
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
