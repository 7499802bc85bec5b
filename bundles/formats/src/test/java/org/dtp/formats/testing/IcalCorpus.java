package org.dtp.formats.testing;

import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.calendar.CalendarEvent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The iCalendar corpus ({@code samples/ical/corpus}, sources and licences in its README) and the comparison of a
 * round trip with its source, shared by the format's test and the adapters' A→B→A tests: the properties kept, and
 * those lost without a fidelity entry naming the property for its item.
 */
public final class IcalCorpus {
    /** The corpus files, each one or more iCalendar objects. */
    public static List<String> files() {
        return List.of("apple-calendar-alarms.ics", "outlook-meeting-attendees.ics", "lotus-notes-9.ics",
                "rfc5545-rdate-range.ics", "google-calendar-caret-attach.ics", "synology-control-characters.ics",
                "synology-task.ics", "exchange-delegated-meeting.ics");
    }

    public static String read(String file) throws IOException {
        return Samples.icalendar("corpus/" + file);
    }

    /** The events of the {@code object}th iCalendar object of the corpus file {@code file}, the losses not told. */
    public static List<CalendarEvent> events(String file, int object) throws IOException, MalformedICalendarException {
        return ICalendarFormat.readEvents(file + "#" + object, ICalendarObjects.split(read(file)).get(object), new Recorded());
    }

    /**
     * A meeting with the attendee and alarm details of the corpus that a provider's event form may have no place for:
     * the Outlook meeting's attendees (OPT- and NON-PARTICIPANT, CUTYPE ROOM, RESOURCE and GROUP, MEMBER, DELEGATED-TO
     * and -FROM, LANGUAGE, SENT-BY, DIR), the Exchange meeting's ORGANIZER sent by a delegate (SENT-BY, DIR), Apple's
     * alarms (AUDIO with ATTACH and ACKNOWLEDGED; a location-based one; RELATED=END with REPEAT and DURATION) on the
     * Lotus Notes holiday's dates, which carry a TZID. Its id is {@code meeting}.
     */
    public static CalendarEvent detailedMeeting() throws IOException, MalformedICalendarException {
        CalendarEvent holiday = events("lotus-notes-9.ics", 1).get(0);
        return events("outlook-meeting-attendees.ics", 0).get(0).toBuilder()
                .id("meeting")
                .organizer(events("exchange-delegated-meeting.ics", 0).get(0).organizer())
                .alarms(events("apple-calendar-alarms.ics", 0).get(0).alarms())
                .start(holiday.start())
                .end(holiday.end())
                .build();
    }

    private IcalCorpus() {
    }

    /** One fidelity entry as an exporter receives it. */
    public record Entry(String itemId, String field, String reason) {
    }

    /** A {@link ReadLosses} that keeps what it is told. */
    public static final class Recorded implements ReadLosses {
        private final List<Entry> entries = new ArrayList<>();

        @Override
        public void notKept(String itemId, String field, String reason) {
            entries.add(new Entry(itemId, field, reason));
        }

        public List<Entry> entries() {
            return entries;
        }
    }

    /** Properties compared, kept, and lost without an entry, over a corpus. */
    public static final class Tally {
        /** What the readers' reasons say of a line the source wrote against RFC 5545 and dtp writes valid. */
        private static final List<String> INVALID_SOURCE = List.of("control character", "are not RFC 5545");
        private int properties;
        private int kept;
        private int invalidInSource;
        private final List<String> unreported = new ArrayList<>();
        private final List<String> reported = new ArrayList<>();

        /**
         * Compares {@code after} with {@code before}, item by item (UID and RECURRENCE-ID), line by line; a line of
         * {@code before} missing from {@code after} is a loss, which must have an entry (of either side) whose reason
         * names its property, for an item with that UID ({@code idsByUid} gives the ids the items of a UID had on
         * the way). DTSTAMP is left out: it is when the object was written (RFC 5545 §3.8.7.2), which a writer sets
         * anew.
         */
        public void compare(String label, String before, String after, List<Entry> entries, Map<String, Set<String>> idsByUid) {
            Map<String, List<ContentLines.Line>> a = ContentLines.components(before);
            Map<String, List<ContentLines.Line>> b = ContentLines.components(after);
            for (Map.Entry<String, List<ContentLines.Line>> c : a.entrySet()) {
                Set<String> ids = idsByUid.getOrDefault(c.getKey().split("\\|")[1], Set.of());
                List<ContentLines.Line> written = new ArrayList<>(b.getOrDefault(c.getKey(), List.of()));
                for (ContentLines.Line line : c.getValue()) {
                    if (line.name().equals("DTSTAMP")) {
                        continue;
                    }
                    properties++;
                    if (written.remove(line)) {
                        kept++;
                    } else if (entries.stream().anyMatch(e -> ids.contains(e.itemId())
                            && e.reason().toUpperCase(Locale.ROOT).contains(line.name()))) {
                        if (entries.stream().anyMatch(e -> ids.contains(e.itemId()) && e.reason().toUpperCase(Locale.ROOT)
                                .startsWith(line.name()) && INVALID_SOURCE.stream().anyMatch(e.reason()::contains))) {
                            invalidInSource++;
                        }
                        reported.add(label + " " + c.getKey() + ": " + line + " became " + written.stream()
                                .filter(w -> w.name().equals(line.name())).toList());
                    } else {
                        unreported.add(label + " " + c.getKey() + ": " + line + " became " + written.stream()
                                .filter(w -> w.name().equals(line.name())).toList());
                    }
                }
            }
        }

        /** The lines lost with a fidelity entry. */
        public List<String> reported() {
            return reported;
        }

        public List<String> unreported() {
            return unreported;
        }

        public double keptPercent() {
            return properties == 0 ? 100 : 100.0 * kept / properties;
        }

        /** The share kept of the properties the source wrote as RFC 5545 allows (the others are written back repaired). */
        public double keptOfValidPercent() {
            return properties == invalidInSource ? 100 : 100.0 * kept / (properties - invalidInSource);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d of %d properties kept (%.2f %%), %d lost without a fidelity entry; "
                            + "%d written against RFC 5545 in the source and written back repaired (reported): %.2f %% of the valid ones kept",
                    kept, properties, keptPercent(), unreported.size(), invalidInSource, keptOfValidPercent());
        }
    }
}
