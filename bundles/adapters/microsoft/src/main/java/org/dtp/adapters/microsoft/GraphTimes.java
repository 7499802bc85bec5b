package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.calendar.CalendarTime;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * Graph's {@code dateTimeTimeZone} ({@code {"dateTime": "2026-12-05T09:00:00.0000000", "timeZone": "UTC"}},
 * https://learn.microsoft.com/en-us/graph/api/resources/datetimetimezone) and the canonical {@link CalendarTime}.
 * A time zone of "UTC" is an instant; any other name (IANA or Windows, as Graph gives it) is kept with the wall time.
 */
public final class GraphTimes {
    private static final DateTimeFormatter GRAPH = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSS");

    private GraphTimes() {
    }

    /** The time, or null when the node holds none or an unreadable one. */
    public static CalendarTime calendarTime(JsonNode node) {
        LocalDateTime local = local(node);
        if (local == null) {
            return null;
        }
        String zone = node.path("timeZone").asText("UTC").strip();
        return isUtc(zone) ? CalendarTime.ofUtc(local.toInstant(ZoneOffset.UTC)) : CalendarTime.ofZoned(local, zone);
    }

    /** The instant the node names (its zone resolved when Java knows it, else taken as UTC); null when none. */
    public static Instant instant(JsonNode node) {
        LocalDateTime local = local(node);
        if (local == null) {
            return null;
        }
        String zone = node.path("timeZone").asText("UTC").strip();
        if (!isUtc(zone)) {
            try {
                return local.atZone(ZoneId.of(zone)).toInstant();
            } catch (DateTimeException e) {
                // a Windows zone name: Graph writes completion times in UTC anyway
            }
        }
        return local.toInstant(ZoneOffset.UTC);
    }

    /** An ISO-8601 instant as Graph writes them ({@code 2026-12-04T10:00:00.1234567Z}); null when blank or unreadable. */
    public static Instant instant(String text) {
        try {
            return text == null || text.isBlank() ? null : Instant.parse(text.strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code time} as a dateTimeTimeZone: an all-day date at midnight UTC, a floating time as UTC wall time. */
    public static Map<String, String> of(CalendarTime time) {
        if (time.utc() != null) {
            return of(time.utc());
        }
        if (time.date() != null) {
            return Map.of("dateTime", GRAPH.format(time.date().atStartOfDay()), "timeZone", "UTC");
        }
        return Map.of("dateTime", GRAPH.format(time.dateTime()), "timeZone", time.timeZoneId() == null ? "UTC" : time.timeZoneId());
    }

    public static Map<String, String> of(Instant instant) {
        return Map.of("dateTime", GRAPH.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC)), "timeZone", "UTC");
    }

    /** The day of {@code time}: its date, its wall time's date, or its UTC date. */
    public static LocalDate dateOf(CalendarTime time) {
        if (time.date() != null) {
            return time.date();
        }
        if (time.dateTime() != null) {
            return time.dateTime().toLocalDate();
        }
        return time.utc().atOffset(ZoneOffset.UTC).toLocalDate();
    }

    private static LocalDateTime local(JsonNode node) {
        String text = node.path("dateTime").asText("");
        if (text.isBlank()) {
            return null;
        }
        try {
            return LocalDateTime.parse(text.endsWith("Z") ? text.substring(0, text.length() - 1) : text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static boolean isUtc(String zone) {
        return zone.isEmpty() || zone.equalsIgnoreCase("UTC") || zone.equalsIgnoreCase("Etc/UTC")
                || zone.equalsIgnoreCase("Coordinated Universal Time");
    }
}
