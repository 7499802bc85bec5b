package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.ExportPage.Rejected;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Takeout's Calendar: {@code Takeout/Calendar/<calendar>.ics}, one iCalendar file per calendar (named after the
 * calendar, the primary one after the account's address), each a calendar whose name, description and time zone are
 * the file's {@code X-WR-CALNAME}, {@code X-WR-CALDESC} and {@code X-WR-TIMEZONE} (else the file's name); its events
 * taken apart per UID and read by the formats bundle's iCalendar reader.
 */
final class CalendarCatalog {
    /** The Calendar folder under Takeout/ (English; other languages are not documented by the tools we followed). */
    static final Set<String> FOLDERS = Set.of("Calendar");

    private CalendarCatalog() {
    }

    static ProductCatalog<Calendar, CalendarEvent> read(ArchiveSettings settings, List<Path> parts) throws IOException {
        ProductCatalog.Builder<Calendar, CalendarEvent> catalog = new ProductCatalog.Builder<>();
        ProductFiles.scan(settings, parts, FOLDERS, catalog.rejected(), (file, bytes) -> {
            if (!file.path().toLowerCase(Locale.ROOT).endsWith(".ics")) {
                return;
            }
            String text = ProductFiles.text(file, bytes, catalog.rejected());
            if (text == null) {
                return;
            }
            String id = file.entry().name();
            String fileName = EntryNames.fileNameOf(file.path());
            String name = property(text, "X-WR-CALNAME");
            catalog.container(new Calendar(id, name != null ? name : fileName.substring(0, fileName.length() - ".ics".length()),
                    property(text, "X-WR-CALDESC"), null, property(text, "X-WR-TIMEZONE")));
            List<String> objects = ICalendarObjects.split(text);
            for (int n = 0; n < objects.size(); n++) {
                String object = objects.get(n);
                String objectId = id + "/" + ICalendarObjects.uid(object).orElse("#" + (n + 1));
                try {
                    for (CalendarEvent event : ICalendarFormat.readEvents(objectId, object, catalog)) {
                        catalog.item(id, event);
                    }
                } catch (MalformedICalendarException e) {
                    catalog.rejected().add(new Rejected(objectId, e.getMessage()));
                }
            }
        });
        return catalog.build();
    }

    /** A calendar property of the file's VCALENDAR (unfolded, its TEXT escapes undone), or null. */
    static String property(String text, String name) {
        String unfolded = text.replaceAll("\r?\n[ \t]", "");
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:;[^:\r\n]*)?:([^\r\n]*)").matcher(unfolded);
        if (!m.find() || m.group(1).isBlank()) {
            return null;
        }
        return m.group(1).replaceAll("\\\\[nN]", "\n").replaceAll("\\\\([,;\\\\])", "$1");
    }
}
