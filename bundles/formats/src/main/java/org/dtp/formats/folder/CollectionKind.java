package org.dtp.formats.folder;

import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.vcard.VCardFormat;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One vertical's collections in the folder layout: the extension of its entry files, the sidecar of the folders an
 * import made (names and formats as the local folder adapter writes them, so that the same folder reads on a disk and
 * in a bucket), how a file splits into entries, and the name of the collection items without one go to. Since 1.1.
 */
public record CollectionKind(String extension, String sidecarName, String sidecarFormat,
                             Function<String, List<String>> splitter, String fallbackName, String looseKey) {
    public static final CollectionKind ADDRESS_BOOKS = new CollectionKind(".vcf", ".dtp-address-book.json",
            "dtp.localfs.address-book", VCardFormat::split, "Contacts", "folder:loose-contacts");
    public static final CollectionKind CALENDARS = new CollectionKind(".ics", ".dtp-calendar.json",
            "dtp.localfs.calendar", ICalendarObjects::split, "Calendar", "folder:loose-events");
    public static final CollectionKind TASK_LISTS = new CollectionKind(".ics", ".dtp-task-list.json",
            "dtp.localfs.task-list", ICalendarObjects::split, "Tasks", "folder:loose-tasks");
    private static final List<CollectionKind> ALL = List.of(ADDRESS_BOOKS, CALENDARS, TASK_LISTS);

    /** Whether {@code name} is an entry file of this kind (not hidden). */
    public boolean isEntryFile(String name) {
        return !name.startsWith(".") && name.toLowerCase(Locale.ROOT).endsWith(extension) && name.length() > extension.length();
    }

    /** The sidecars of the other kinds: a folder holding one is another vertical's collection. */
    List<String> otherSidecars() {
        return ALL.stream().filter(k -> k != this).map(CollectionKind::sidecarName).toList();
    }
}
