package org.dtp.formats.folder;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.ExtendedProperty;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemNotUpdatableException;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How events and tasks are written into a {@link FileTree}: one {@code .ics} file per UID (one iCalendar object: a
 * series' master and its changed occurrences together, RFC 5545 §3.8.4.4, with the VTIMEZONEs they need), named from
 * the UID, so that a changed occurrence finds its master's file. A component already in the file (same UID and
 * RECURRENCE-ID: a repeated import) is left alone; a new one is added by putting the whole file again.
 */
final class CalendarObjects {
    /** The PRODID of the iCalendar objects written (RFC 5545 §3.7.3). */
    static final String PRODID = "-//dtp//Folder layout//EN";

    /** One writer at a time per file (of a tree), since joining a file reads and rewrites it. */
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    /** The UID an item is written with: its own, or one derived from the key (the same on every attempt). */
    static String uidOf(String key, String uid) {
        return uid != null && !uid.isBlank() ? uid : "urn:uuid:" + UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8));
    }

    /** The path of the UID's file in the collection {@code collection}. */
    static String fileOf(String collection, String uid) {
        return collection + "/" + FileNames.fromKey("uid:" + uid, ".ics");
    }

    /**
     * Puts {@code componentText} (of {@code componentName}, VEVENT or VTODO, standing for {@code occurrence}: "" for a
     * master, else its RECURRENCE-ID text) into the file {@code path}, with VTIMEZONEs for {@code tzids}. Returns the
     * text the file holds after.
     */
    String put(FileTree tree, ImportContext context, String sourceId, String path, String occurrence, String componentName,
               String componentText, Set<String> tzids, List<ExtendedProperty> extended) throws AdapterException {
        synchronized (locks.computeIfAbsent(tree.describe() + "\n" + path, p -> new Object())) {
            Optional<String> current = new CollectionTree(tree, CollectionKind.CALENDARS).text(path);
            String text;
            if (current.isEmpty()) {
                text = ICalendarObjects.object(PRODID, zones(context, sourceId, tzids, extended, Set.of()), List.of(componentText));
            } else {
                try {
                    if (ICalendarFormat.occurrences(current.get(), componentName).contains(occurrence)) {
                        return current.get();
                    }
                } catch (MalformedICalendarException e) {
                    throw new AdapterException("the file '" + path + "' to add to cannot be read: " + e.getMessage());
                }
                text = ICalendarObjects.insert(current.get(),
                        zones(context, sourceId, tzids, extended, ICalendarFormat.vtimezones(current.get()).keySet()), componentText);
            }
            tree.put(path, text.getBytes(StandardCharsets.UTF_8), "text/calendar");
            return text;
        }
    }

    /** Writes an item's component with a given UID. */
    interface ComponentWriter {
        String write(String uid) throws AdapterException;
    }

    /**
     * Replaces, in the file {@code path}, the one {@code componentName} component standing for {@code occurrence} with
     * the one {@code writer} writes for the file's UID (kept, so that the file keeps its name and the series its
     * identity), and puts the file whole again; the other components keep their exact lines. A file or occurrence gone
     * since cannot be updated. Returns the text the file holds after.
     */
    String replace(FileTree tree, ImportContext context, String sourceId, String path, String occurrence, String componentName,
                   ComponentWriter writer, Set<String> tzids, List<ExtendedProperty> extended) throws AdapterException {
        synchronized (locks.computeIfAbsent(tree.describe() + "\n" + path, p -> new Object())) {
            String current = new CollectionTree(tree, CollectionKind.CALENDARS).text(path)
                    .orElseThrow(() -> new ItemNotUpdatableException("'" + path + "' is no longer in " + tree.describe()));
            String uid = ICalendarObjects.uid(current)
                    .orElseThrow(() -> new ItemNotUpdatableException("'" + path + "' has no UID"));
            List<String> missing = zones(context, sourceId, tzids, extended, ICalendarFormat.vtimezones(current).keySet());
            String replaced;
            try {
                replaced = ICalendarObjects.replace(current, componentName, occurrence, missing, writer.write(uid))
                        .orElseThrow(() -> new ItemNotUpdatableException("'" + path + "' no longer holds "
                                + (occurrence.isEmpty() ? "the item" : "the occurrence " + occurrence)));
            } catch (MalformedICalendarException e) {
                throw new ItemNotUpdatableException("'" + path + "' cannot be read: " + e.getMessage());
            }
            tree.put(path, replaced.getBytes(StandardCharsets.UTF_8), "text/calendar");
            return replaced;
        }
    }

    /**
     * The fields {@code given} has that {@code kept} (the item read back from what was written) holds otherwise, the
     * id aside, each reported as not kept: what the iCalendar mapping cannot say (a task's parent, its position).
     */
    static void reportDifferences(ImportContext context, String sourceId, Record given, Record kept) {
        for (RecordComponent component : given.getClass().getRecordComponents()) {
            if (component.getName().equals("id")) {
                continue;
            }
            try {
                Object want = component.getAccessor().invoke(given);
                Object got = component.getAccessor().invoke(kept);
                boolean had = want != null && !(want instanceof List<?> l && l.isEmpty());
                if (had && !Objects.equals(want, got)) {
                    context.reportNotKept(sourceId, component.getName(), "not kept as given by the iCalendar written");
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + component.getName() + " of " + sourceId, e);
            }
        }
    }

    /** The VTIMEZONE texts for {@code tzids} not in {@code present}; a TZID without one is reported as not kept. */
    private static List<String> zones(ImportContext context, String sourceId, Set<String> tzids, List<ExtendedProperty> extended,
                                      Collection<String> present) {
        return ICalendarObjects.vtimezonesFor(tzids, extended, present,
                tzid -> context.reportNotKept(sourceId, "timeZones[" + tzid + "]", ICalendarObjects.NO_VTIMEZONE));
    }
}
