package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Graph's {@code patternedRecurrence} (https://learn.microsoft.com/en-us/graph/api/resources/patternedrecurrence)
 * and RFC 5545 RRULE values, both ways, for what both can say: daily, weekly (days, week start), monthly and yearly
 * on a day of the month or on the first to fourth or last weekday, with an interval, ending never, on a date
 * (UNTIL) or after a count. Anything else answers null, and the caller reports the rule as not kept.
 */
public final class Recurrences {
    private static final DateTimeFormatter UNTIL = DateTimeFormatter.BASIC_ISO_DATE;
    private static final List<String> DAYS = List.of("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");
    private static final List<String> INDEXES = List.of("first", "second", "third", "fourth");

    private Recurrences() {
    }

    /** The RRULE value (no "RRULE:") of a patternedRecurrence, or null when it has none or one RRULE cannot hold. */
    public static String rrule(JsonNode recurrence) {
        JsonNode pattern = recurrence.path("pattern");
        JsonNode range = recurrence.path("range");
        String type = pattern.path("type").asText("");
        List<String> parts = new ArrayList<>();
        switch (type) {
            case "daily" -> parts.add("FREQ=DAILY");
            case "weekly" -> parts.add("FREQ=WEEKLY");
            case "absoluteMonthly", "relativeMonthly" -> parts.add("FREQ=MONTHLY");
            case "absoluteYearly", "relativeYearly" -> parts.add("FREQ=YEARLY");
            default -> {
                return null;
            }
        }
        int interval = pattern.path("interval").asInt(1);
        if (interval > 1) {
            parts.add("INTERVAL=" + interval);
        }
        if (type.endsWith("Yearly")) {
            int month = pattern.path("month").asInt(0);
            if (month < 1 || month > 12) {
                return null;
            }
            parts.add("BYMONTH=" + month);
        }
        if (type.startsWith("absolute")) {
            int day = pattern.path("dayOfMonth").asInt(0);
            if (day < 1 || day > 31) {
                return null;
            }
            parts.add("BYMONTHDAY=" + day);
        } else if (!type.equals("daily")) {
            List<String> days = new ArrayList<>();
            for (JsonNode day : pattern.path("daysOfWeek")) {
                int i = DAYS.indexOf(day.asText().toLowerCase(Locale.ROOT));
                if (i < 0) {
                    return null;
                }
                days.add(rfcDay(i));
            }
            if (days.isEmpty()) {
                return null;
            }
            parts.add("BYDAY=" + String.join(",", days));
            if (type.startsWith("relative")) {
                String index = pattern.path("index").asText("first");
                parts.add("BYSETPOS=" + (index.equals("last") ? -1 : INDEXES.indexOf(index) + 1));
                if (!index.equals("last") && !INDEXES.contains(index)) {
                    return null;
                }
            }
            if (type.equals("weekly") && pattern.path("firstDayOfWeek").isTextual()) {
                int first = DAYS.indexOf(pattern.path("firstDayOfWeek").asText().toLowerCase(Locale.ROOT));
                if (first >= 0 && first != 0) {
                    parts.add("WKST=" + rfcDay(first));
                }
            }
        }
        switch (range.path("type").asText("noEnd")) {
            case "endDate" -> {
                try {
                    parts.add("UNTIL=" + UNTIL.format(LocalDate.parse(range.path("endDate").asText())));
                } catch (DateTimeParseException e) {
                    return null;
                }
            }
            case "numbered" -> parts.add("COUNT=" + Math.max(1, range.path("numberOfOccurrences").asInt(1)));
            default -> {
                // noEnd
            }
        }
        return String.join(";", parts);
    }

    /** The patternedRecurrence of an RRULE value starting on {@code start}, or null when Graph cannot hold it. */
    public static Map<String, Object> patterned(String rrule, LocalDate start) {
        Map<String, String> parts = new LinkedHashMap<>();
        for (String part : rrule.toUpperCase(Locale.ROOT).split(";")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                return null;
            }
            parts.put(part.substring(0, eq), part.substring(eq + 1));
        }
        String freq = parts.remove("FREQ");
        Map<String, Object> pattern = new LinkedHashMap<>();
        String interval = parts.remove("INTERVAL");
        try {
            pattern.put("interval", interval == null ? 1 : Integer.parseInt(interval));
        } catch (NumberFormatException e) {
            return null;
        }
        String byDay = parts.remove("BYDAY");
        String byMonthDay = parts.remove("BYMONTHDAY");
        String byMonth = parts.remove("BYMONTH");
        String bySetPos = parts.remove("BYSETPOS");
        String weekStart = parts.remove("WKST");
        String until = parts.remove("UNTIL");
        String count = parts.remove("COUNT");
        if (!parts.isEmpty() || freq == null) {
            return null; // BYHOUR, BYWEEKNO, BYYEARDAY, RSCALE...: Graph has no pattern for them
        }
        try {
            List<String> days = byDay == null ? List.of() : daysOf(byDay);
            if (days == null) {
                return null;
            }
            boolean monthly = freq.equals("MONTHLY");
            boolean yearly = freq.equals("YEARLY");
            if (freq.equals("DAILY") && byDay == null && byMonthDay == null && byMonth == null && bySetPos == null) {
                pattern.put("type", "daily");
            } else if (freq.equals("WEEKLY") && byMonthDay == null && byMonth == null && bySetPos == null) {
                pattern.put("type", "weekly");
                pattern.put("daysOfWeek", days.isEmpty() ? List.of(DAYS.get(start.getDayOfWeek().getValue() - 1)) : days);
                pattern.put("firstDayOfWeek", weekStart == null ? "monday" : DAYS.get(rfcDays().indexOf(weekStart)));
            } else if ((monthly || yearly) && byDay == null && bySetPos == null) {
                pattern.put("type", monthly ? "absoluteMonthly" : "absoluteYearly");
                pattern.put("dayOfMonth", byMonthDay == null ? start.getDayOfMonth() : Integer.parseInt(byMonthDay));
            } else if ((monthly || yearly) && !days.isEmpty() && byMonthDay == null) {
                int position = bySetPos == null ? 1 : Integer.parseInt(bySetPos);
                if (position != -1 && (position < 1 || position > 4)) {
                    return null;
                }
                pattern.put("type", monthly ? "relativeMonthly" : "relativeYearly");
                pattern.put("daysOfWeek", days);
                pattern.put("index", position == -1 ? "last" : INDEXES.get(position - 1));
            } else {
                return null;
            }
            if (yearly) {
                pattern.put("month", byMonth == null ? start.getMonthValue() : Integer.parseInt(byMonth));
            } else if (byMonth != null) {
                return null;
            }
            Map<String, Object> range = new LinkedHashMap<>();
            range.put("startDate", start.toString());
            if (until != null) {
                range.put("type", "endDate");
                range.put("endDate", LocalDate.parse(until.substring(0, 8), UNTIL).toString());
            } else if (count != null) {
                range.put("type", "numbered");
                range.put("numberOfOccurrences", Integer.parseInt(count));
            } else {
                range.put("type", "noEnd");
            }
            return Map.of("pattern", pattern, "range", range);
        } catch (NumberFormatException | DateTimeParseException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    /** Graph day names of a BYDAY list without ordinals, or null when one has an ordinal (e.g. 2MO). */
    private static List<String> daysOf(String byDay) {
        List<String> days = new ArrayList<>();
        for (String day : byDay.split(",")) {
            int i = rfcDays().indexOf(day);
            if (i < 0) {
                return null;
            }
            days.add(DAYS.get(i));
        }
        return days;
    }

    private static List<String> rfcDays() {
        return List.of("MO", "TU", "WE", "TH", "FR", "SA", "SU");
    }

    private static String rfcDay(int mondayFirstIndex) {
        return rfcDays().get(mondayFirstIndex);
    }
}
