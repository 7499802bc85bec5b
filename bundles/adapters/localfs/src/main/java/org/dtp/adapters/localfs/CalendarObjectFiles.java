package org.dtp.adapters.localfs;

import org.dtp.formats.folder.FileNames;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.ExtendedProperty;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemNotUpdatableException;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How the event and task importers write: one {@code .ics} file per UID (one iCalendar object: a series' master and
 * its changed occurrences together, RFC 5545 §3.8.4.4, with the VTIMEZONEs they need), named from the UID, so that a
 * changed occurrence finds its master's file. Every write is whole: a new file by temp file and rename, a component
 * joining a file by rewriting it to a temp file renamed over it. A component already in the file (same UID and
 * RECURRENCE-ID: a repeated import) is left alone; a changed one is replaced in place ({@link #replace}).
 */
public final class CalendarObjectFiles {
    /** The PRODID of the iCalendar objects this adapter writes (RFC 5545 §3.7.3). */
    static final String PRODID = "-//dtp//Local folder adapter//EN";

    /** One writer at a time per file. */
    private final Map<Path, Object> locks = new ConcurrentHashMap<>();
    private final boolean sync;

    public CalendarObjectFiles(boolean sync) {
        this.sync = sync;
    }

    /** The UID an item is written with: its own, or one derived from the key (the same on every attempt). */
    public static String uidOf(String key, String uid) {
        return uid != null && !uid.isBlank() ? uid : "urn:uuid:" + UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8));
    }

    /** The file of the UID {@code uid} in the collection directory {@code dir}. */
    public static Path fileOf(Path dir, String uid) {
        return dir.resolve(FileNames.fromKey("uid:" + uid, ".ics"));
    }

    /**
     * Puts {@code componentText} (of {@code componentName}, VEVENT or VTODO, standing for {@code occurrence}: "" for
     * a master, else its RECURRENCE-ID text) into {@code file}, with VTIMEZONEs for {@code tzids}. Returns the text the
     * file holds after.
     */
    public String put(ImportContext context, String sourceId, Path file, String occurrence, String componentName,
               String componentText, Set<String> tzids, List<ExtendedProperty> extended) throws AdapterException {
        synchronized (locks.computeIfAbsent(file, p -> new Object())) {
            try {
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    String text = ICalendarObjects.object(PRODID, zones(context, sourceId, tzids, extended, Set.of()), List.of(componentText));
                    try {
                        DiskWrites.writeWhole(sync, file, text.getBytes(StandardCharsets.UTF_8), false);
                        DiskWrites.syncFolder(sync, file.getParent());
                        return text;
                    } catch (FileAlreadyExistsException e) {
                        // made meanwhile by another process: join it
                    }
                }
                String current = Files.readString(file, StandardCharsets.UTF_8);
                try {
                    if (ICalendarFormat.occurrences(current, componentName).contains(occurrence)) {
                        return current;
                    }
                } catch (MalformedICalendarException e) {
                    throw new AdapterException("the file '" + file + "' to add to cannot be read: " + e.getMessage());
                }
                String merged = ICalendarObjects.insert(current,
                        zones(context, sourceId, tzids, extended, ICalendarFormat.vtimezones(current).keySet()), componentText);
                DiskWrites.writeWhole(sync, file, merged.getBytes(StandardCharsets.UTF_8), true);
                return merged;
            } catch (IOException e) {
                throw IoFailures.ofItem("cannot write '" + sourceId + "' into '" + file.getFileName() + "'", e);
            }
        }
    }

    /**
     * Replaces, in {@code file}, the one {@code componentName} component standing for {@code occurrence} with the one
     * {@code writer} writes for the file's UID (kept, so that the file keeps its name and the series its identity), by
     * rewriting the file to a temp file renamed over it. The other components of the series keep their exact lines:
     * each is an item of its own, updated only when it changed. A file or occurrence gone since cannot be updated.
     * Returns the text the file holds after.
     */
    public String replace(ImportContext context, String sourceId, Path file, String occurrence, String componentName,
                          ComponentWriter writer, Set<String> tzids, List<ExtendedProperty> extended) throws AdapterException {
        synchronized (locks.computeIfAbsent(file, p -> new Object())) {
            try {
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    throw new ItemNotUpdatableException("'" + file.getFileName() + "' is no longer in the folder");
                }
                String current = Files.readString(file, StandardCharsets.UTF_8);
                String uid = ICalendarObjects.uid(current)
                        .orElseThrow(() -> new ItemNotUpdatableException("'" + file.getFileName() + "' has no UID"));
                List<String> missing = zones(context, sourceId, tzids, extended, ICalendarFormat.vtimezones(current).keySet());
                String replaced;
                try {
                    replaced = ICalendarObjects.replace(current, componentName, occurrence, missing, writer.write(uid))
                            .orElseThrow(() -> new ItemNotUpdatableException("'" + file.getFileName() + "' no longer holds "
                                    + (occurrence.isEmpty() ? "the item" : "the occurrence " + occurrence)));
                } catch (MalformedICalendarException e) {
                    throw new ItemNotUpdatableException("'" + file.getFileName() + "' cannot be read: " + e.getMessage());
                }
                DiskWrites.writeWhole(sync, file, replaced.getBytes(StandardCharsets.UTF_8), true);
                DiskWrites.syncFolder(sync, file.getParent());
                return replaced;
            } catch (IOException e) {
                throw IoFailures.ofItem("cannot rewrite '" + sourceId + "' in '" + file.getFileName() + "'", e);
            }
        }
    }

    /** Writes an item's component with a given UID. */
    public interface ComponentWriter {
        String write(String uid) throws AdapterException;
    }

    /**
     * The fields {@code given} has that {@code kept} (the item read back from what was written) holds otherwise, the
     * id aside, each reported as not kept: what the iCalendar mapping cannot say (a task's parent, its position).
     */
    public static void reportDifferences(ImportContext context, String sourceId, Record given, Record kept) {
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
