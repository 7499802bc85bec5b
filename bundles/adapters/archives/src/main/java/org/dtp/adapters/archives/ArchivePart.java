package org.dtp.adapters.archives;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One file of an archive (a zip, or a gzip-compressed tar), read where it lies and never unpacked: its entries are
 * listed in a stable order and an entry's bytes streamed on demand, each held to its declared size.
 */
public interface ArchivePart {

    /** What a scan is given for each entry in turn. */
    interface EntryVisitor {
        /**
         * Called for each entry in the part's order. {@code bytes} opens its content, held to its declared size; it
         * is only good during this call (a tar is read in one pass).
         */
        void visit(ArchiveEntry entry, EntryBytes bytes) throws IOException;
    }

    /** Opens an entry's bytes during a scan. */
    interface EntryBytes {
        InputStream open() throws IOException;
    }

    /** The part's file. */
    Path file();

    /** Visits every entry in order; fails when the part holds more entries than {@code maxEntries}. */
    void scan(int maxEntries, EntryVisitor visitor) throws IOException;

    /** Opens the entry named {@code name}, declared {@code size} bytes long; the stream closes what it opened. */
    InputStream open(String name, long size) throws IOException;

    /** The reader for {@code file}, by its name: a zip, or a .tgz / .tar.gz. */
    static ArchivePart of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".zip") ? new ZipPart(file) : new TarGzPart(file);
    }

    /** Thrown when a part holds more entries than the configured bound. */
    final class TooManyEntriesException extends IOException {
        public TooManyEntriesException(Path file, int maxEntries) {
            super("the archive part '" + file.getFileName() + "' holds more than " + maxEntries
                    + " entries (maxEntries of " + ArchivesConfig.PID + ")");
        }
    }
}
