package org.dtp.adapters.localfs.media;

import org.dtp.formats.folder.MediaSidecars;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;

/** A file's modification time, carried from folder to folder in the item's {@code exif} map ({@link MediaSidecars#FILE_MODIFY_DATE}). */
final class FileModifyDate {
    static final String KEY = MediaSidecars.FILE_MODIFY_DATE;
    private static final Logger LOG = LoggerFactory.getLogger(FileModifyDate.class);

    private FileModifyDate() {
    }

    /** The file's own modification time as the map's value; empty if it cannot be read. */
    static Optional<String> of(Path file) {
        try {
            return Optional.of(Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant().toString());
        } catch (IOException e) {
            LOG.debug("modification time of {} unknown: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** The time an item's map carries, or null when it has none (or one that is not an instant). */
    static FileTime in(Map<String, String> exif) {
        String text = exif.get(KEY);
        if (text == null) {
            return null;
        }
        try {
            return FileTime.from(Instant.parse(text));
        } catch (DateTimeParseException e) {
            LOG.debug("ignoring {} '{}': not an ISO-8601 instant", KEY, text);
            return null;
        }
    }
}
