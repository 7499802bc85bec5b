package org.dtp.formats.mail;

import java.time.DateTimeException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Header values of an Internet message (RFC 5322) as the canonical mail model shows them. */
public final class MailHeaders {
    /**
     * RFC 5322 §3.3 date-time with the obsolete forms of §4.3, once comments are gone: optional day of week and
     * seconds, white space also around the comma and the colons, two- or three-digit years, named zones. Names are
     * matched without regard to case, as in all ABNF literals (RFC 5234 §2.3).
     */
    private static final Pattern DATE_TIME = Pattern.compile(
            "(?:(?<dayOfWeek>[a-z]{3})\\s*,\\s*)?(?<day>\\d{1,2})\\s+(?<month>[a-z]{3})\\s+(?<year>\\d{2,4})\\s+"
                    + "(?<hour>\\d{2})\\s*:\\s*(?<minute>\\d{2})(?:\\s*:\\s*(?<second>\\d{2}))?"
                    + "\\s*(?:(?<offset>[+-]\\d{4})|(?<zoneName>[a-z]{1,5}))",
            Pattern.CASE_INSENSITIVE);
    private static final List<String> DAYS_OF_WEEK = List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");
    private static final List<String> MONTHS =
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");
    /**
     * The zone names RFC 5322 §4.3 gives a meaning. It asks to read any other name (the military letters, "CET")
     * as "-0000", UTC; but "CET" means an hour off that, so such a date is left unread, for a caller to fall back
     * on a time it has (Graph's sentDateTime, IMAP's internal date).
     */
    private static final Map<String, ZoneOffset> ZONE_NAMES = Map.of(
            "ut", ZoneOffset.UTC, "gmt", ZoneOffset.UTC,
            "est", ZoneOffset.ofHours(-5), "edt", ZoneOffset.ofHours(-4),
            "cst", ZoneOffset.ofHours(-6), "cdt", ZoneOffset.ofHours(-5),
            "mst", ZoneOffset.ofHours(-7), "mdt", ZoneOffset.ofHours(-6),
            "pst", ZoneOffset.ofHours(-8), "pdt", ZoneOffset.ofHours(-7));

    private MailHeaders() {
    }

    /**
     * The value of a Date header (RFC 5322 §3.3, with the obsolete syntax of §4.3) at the sender's offset; null
     * when there is none or it cannot be read. Comments such as {@code (EDT)} may stand between any two parts and
     * folding white space anywhere. A day of week is checked to be a day's name but not against the date, which
     * says the same more precisely. Two-digit years are 1950 to 2049, three-digit ones count from 1900; a zone
     * named by letters other than UT, GMT and the US zones makes the date unreadable; a leap second (:60) is read as :59, which
     * {@link OffsetDateTime} can hold.
     */
    public static OffsetDateTime date(String header) {
        String text = header == null ? null : withoutComments(header);
        if (text == null) {
            return null;
        }
        Matcher m = DATE_TIME.matcher(text.strip());
        if (!m.matches()) {
            return null;
        }
        String dayOfWeek = m.group("dayOfWeek");
        int month = MONTHS.indexOf(m.group("month").toLowerCase(Locale.ROOT)) + 1;
        if (month == 0 || dayOfWeek != null && !DAYS_OF_WEEK.contains(dayOfWeek.toLowerCase(Locale.ROOT))) {
            return null;
        }
        String yearDigits = m.group("year");
        int year = Integer.parseInt(yearDigits);
        if (yearDigits.length() == 2) {
            year += year < 50 ? 2000 : 1900;
        } else if (yearDigits.length() == 3) {
            year += 1900;
        }
        int second = m.group("second") == null ? 0 : Integer.parseInt(m.group("second"));
        try {
            ZoneOffset offset = offset(m.group("offset"), m.group("zoneName"));
            if (offset == null) {
                return null;
            }
            return OffsetDateTime.of(year, month, Integer.parseInt(m.group("day")),
                    Integer.parseInt(m.group("hour")), Integer.parseInt(m.group("minute")), second == 60 ? 59 : second, 0,
                    offset);
        } catch (DateTimeException e) {
            return null; // 31 Feb, 25:00, an offset beyond ±18:00 or with 60 minutes or more
        }
    }

    /**
     * A mailbox as a person reads it: {@code Jörg Müller <joerg@example.org>}, or the bare address when it has no
     * display name.
     */
    public static String mailbox(String displayName, String address) {
        return displayName == null || displayName.isBlank() ? address : displayName + " <" + address + ">";
    }

    /** The offset given by number or by name; null for a name RFC 5322 gives no offset. */
    private static ZoneOffset offset(String numeric, String name) {
        if (numeric == null) {
            return ZONE_NAMES.get(name.toLowerCase(Locale.ROOT));
        }
        int sign = numeric.charAt(0) == '-' ? -1 : 1;
        return ZoneOffset.ofHoursMinutes(sign * Integer.parseInt(numeric.substring(1, 3)),
                sign * Integer.parseInt(numeric.substring(3, 5)));
    }

    /**
     * The text with each comment (RFC 5322 §3.2.2: nested, with quoted pairs) replaced by a space, as it separates
     * what stands around it. A comment not closed runs to the end, as it would in a header cut short; a closing
     * parenthesis without its opening one makes the text unreadable: null.
     */
    private static String withoutComments(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (depth > 0 && c == '\\') {
                i++;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    return null;
                }
                if (--depth == 0) {
                    out.append(' ');
                }
            } else if (depth == 0) {
                out.append(c);
            }
        }
        return out.toString();
    }
}
