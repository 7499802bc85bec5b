package org.dtp.formats.ical;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneOffsetTransitionRule;
import java.time.zone.ZoneRules;
import java.util.List;
import java.util.Locale;

/**
 * VTIMEZONE components for IANA zones, from the JDK's time-zone rules: the zone's current yearly rules as
 * STANDARD / DAYLIGHT observances with an RRULE (or its one offset when it has no daylight saving time), so that a
 * server or client that does not know the TZID still reads the times right for the present rules. Earlier
 * rule changes of the zone are not written (clients that know the TZID use their own database anyway).
 */
final class VTimezones {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");

    private VTimezones() {
    }

    /** Whether {@code tzid} is a region id of the JDK's time-zone database (e.g. Europe/Berlin). */
    static boolean isIana(String tzid) {
        if (tzid == null || !tzid.contains("/") || tzid.startsWith("/")) {
            return false;
        }
        try {
            ZoneId.of(tzid);
            return true;
        } catch (java.time.DateTimeException e) {
            return false;
        }
    }

    /** The VTIMEZONE text of the IANA zone {@code tzid}. */
    static String of(String tzid) {
        ZoneRules rules = ZoneId.of(tzid).getRules();
        StringBuilder out = new StringBuilder("BEGIN:VTIMEZONE\r\nTZID:").append(tzid).append("\r\n");
        List<ZoneOffsetTransitionRule> yearly = rules.getTransitionRules();
        if (yearly.isEmpty()) {
            ZoneOffsetTransition last = rules.previousTransition(java.time.Instant.now());
            ZoneOffset offset = rules.getOffset(java.time.Instant.now());
            LocalDateTime since = last == null ? LocalDateTime.of(1970, 1, 1, 0, 0) : last.getDateTimeAfter();
            observance(out, "STANDARD", since, last == null ? offset : last.getOffsetBefore(), offset, null);
        } else {
            int year = Math.max(1970, rules.previousTransition(java.time.Instant.now()) == null ? 1970
                    : rules.previousTransition(java.time.Instant.now()).getDateTimeBefore().getYear() - 1);
            for (ZoneOffsetTransitionRule rule : yearly) {
                ZoneOffsetTransition first = rule.createTransition(year);
                boolean daylight = rule.getOffsetAfter().getTotalSeconds() > rule.getStandardOffset().getTotalSeconds();
                observance(out, daylight ? "DAYLIGHT" : "STANDARD", first.getDateTimeBefore(), rule.getOffsetBefore(),
                        rule.getOffsetAfter(), rrule(rule));
            }
        }
        return out.append("END:VTIMEZONE\r\n").toString();
    }

    private static void observance(StringBuilder out, String kind, LocalDateTime start, ZoneOffset from, ZoneOffset to, String rrule) {
        out.append("BEGIN:").append(kind).append("\r\n")
                .append("DTSTART:").append(LOCAL.format(start)).append("\r\n")
                .append("TZOFFSETFROM:").append(offset(from)).append("\r\n")
                .append("TZOFFSETTO:").append(offset(to)).append("\r\n");
        if (rrule != null) {
            out.append("RRULE:").append(rrule).append("\r\n");
        }
        out.append("END:").append(kind).append("\r\n");
    }

    /** RFC 5545 RRULE of a JDK rule: "the last Sunday of March" is BYDAY=-1SU, "the Sunday on or after the 8th" 2SU. */
    private static String rrule(ZoneOffsetTransitionRule rule) {
        String month = "FREQ=YEARLY;BYMONTH=" + rule.getMonth().getValue();
        DayOfWeek day = rule.getDayOfWeek();
        int indicator = rule.getDayOfMonthIndicator();
        if (day == null) {
            return month + ";BYMONTHDAY=" + indicator;
        }
        String dow = day.name().substring(0, 2).toUpperCase(Locale.ROOT);
        // The JDK stores tzdb's "lastSun" of a 31- or 30-day month as "the Sunday on or after the 25th (24th)".
        boolean last = indicator == -1 || (indicator > 0 && rule.getMonth() != java.time.Month.FEBRUARY
                && indicator + 6 == rule.getMonth().maxLength());
        if (last) {
            return month + ";BYDAY=-1" + dow;
        }
        if (indicator > 0 && (indicator - 1) % 7 == 0) {
            return month + ";BYDAY=" + ((indicator - 1) / 7 + 1) + dow;
        }
        StringBuilder days = new StringBuilder();
        for (int d = 0; d < 7; d++) {
            int dayOfMonth = indicator > 0 ? indicator + d : indicator - d;
            days.append(days.length() == 0 ? "" : ",").append(dayOfMonth);
        }
        return month + ";BYMONTHDAY=" + days + ";BYDAY=" + dow;
    }

    private static String offset(ZoneOffset o) {
        int total = o.getTotalSeconds();
        int abs = Math.abs(total);
        String text = String.format(Locale.ROOT, "%s%02d%02d", total < 0 ? "-" : "+", abs / 3600, (abs / 60) % 60);
        return abs % 60 == 0 ? text : text + String.format(Locale.ROOT, "%02d", abs % 60);
    }
}
