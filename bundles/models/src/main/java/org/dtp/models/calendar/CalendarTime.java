package org.dtp.models.calendar;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * An iCalendar DATE or DATE-TIME, keeping which of its forms it had; exactly one of {@code date},
 * {@code dateTime} and {@code utc} is set:
 * <ul>
 * <li>{@code date}: an all-day value; with {@code timeZoneId} when the source wrote a TZID on it
 * ({@code DTSTART;TZID=America/New_York;VALUE=DATE:20231010}, as some Exchange and Lotus exports do): RFC 5545 gives a
 * date no zone, but the TZID is kept so that it is written back (since 1.4);</li>
 * <li>{@code dateTime} with {@code timeZoneId}: a wall-clock time in that zone (TZID);</li>
 * <li>{@code dateTime} alone: a floating time, the same wall clock in every zone;</li>
 * <li>{@code utc}: an instant (the {@code Z} form).</li>
 * </ul>
 * {@code timeZoneId} is kept as the source wrote it and not checked against the IANA database:
 * sources also use Windows names and custom VTIMEZONE ids.
 */
public record CalendarTime(LocalDate date, LocalDateTime dateTime, String timeZoneId, Instant utc) {
    public CalendarTime {
        int forms = (date == null ? 0 : 1) + (dateTime == null ? 0 : 1) + (utc == null ? 0 : 1);
        if (forms != 1) {
            throw new IllegalArgumentException("a calendar time is exactly one of date, dateTime or utc");
        }
        if (timeZoneId != null && (utc != null || timeZoneId.isBlank())) {
            throw new IllegalArgumentException("a time zone id belongs to a dateTime or a date, never to utc, and must not be blank");
        }
    }

    public static CalendarTime ofDate(LocalDate date) {
        return new CalendarTime(date, null, null, null);
    }

    /** A date written with a TZID, which is kept as written (since 1.4). */
    public static CalendarTime ofDate(LocalDate date, String timeZoneId) {
        return new CalendarTime(date, null, timeZoneId, null);
    }

    public static CalendarTime ofFloating(LocalDateTime dateTime) {
        return new CalendarTime(null, dateTime, null, null);
    }

    public static CalendarTime ofZoned(LocalDateTime dateTime, String timeZoneId) {
        return new CalendarTime(null, dateTime, timeZoneId, null);
    }

    public static CalendarTime ofUtc(Instant utc) {
        return new CalendarTime(null, null, null, utc);
    }

    /**
     * The instant this time denotes, for comparing it with instants (a transfer's date range): {@code utc} as it
     * is; a zoned time in its zone, read in UTC when the zone is no IANA id the JDK knows; a floating time, and a
     * date (with a TZID or not) at its start, read in UTC. Since 1.3.
     */
    @JsonIgnore
    public Instant toInstant() {
        if (utc != null) {
            return utc;
        }
        if (date != null) {
            return date.atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        ZoneId zone = ZoneOffset.UTC;
        if (timeZoneId != null) {
            try {
                zone = ZoneId.of(timeZoneId);
            } catch (DateTimeException e) {
                // a Windows name or a custom VTIMEZONE id: UTC is within a day of it
            }
        }
        return dateTime.atZone(zone).toInstant();
    }
}
