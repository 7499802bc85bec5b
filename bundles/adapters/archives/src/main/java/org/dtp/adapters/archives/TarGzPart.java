package org.dtp.adapters.archives;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * A gzip-compressed tar part (.tgz, .tar.gz). gzip has no index, so a tar can only be read from its start: a scan
 * is one pass, and opening one entry inflates everything before it (on average half the part per item). Takeout
 * offers .zip by default; for large exports zip is the format to ask for, and the README says so.
 */
final class TarGzPart implements ArchivePart {
    private final Path file;

    TarGzPart(Path file) {
        this.file = file;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public void scan(int maxEntries, EntryVisitor visitor) throws IOException {
        try (TarReader tar = reader()) {
            int index = 0;
            for (ArchiveEntry entry = tar.next(index); entry != null; entry = tar.next(++index)) {
                if (index >= maxEntries) {
                    throw new TooManyEntriesException(file, maxEntries);
                }
                ArchiveEntry current = entry;
                visitor.visit(current, () -> new CheckedEntryStream(uncloseable(tar.content()), current.name(), current.size()));
            }
        }
    }

    @Override
    public InputStream open(String name, long size) throws IOException {
        TarReader tar = reader();
        try {
            int index = 0;
            for (ArchiveEntry entry = tar.next(index); entry != null; entry = tar.next(++index)) {
                if (!entry.directory() && entry.name().equals(name)) {
                    if (entry.size() != size) {
                        throw new IOException("the entry '" + name + "' is " + entry.size() + " bytes now, not " + size);
                    }
                    return new CheckedEntryStream(tar.content(), name, size);
                }
            }
            throw new NoSuchFileException(name, null, "not in " + file.getFileName());
        } catch (IOException | RuntimeException e) {
            tar.close();
            throw e;
        }
    }

    private TarReader reader() throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            return new TarReader(new BufferedInputStream(new GZIPInputStream(raw, 64 * 1024), 64 * 1024));
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }

    /** The visitor's stream must not close the tar the scan goes on reading. */
    private static InputStream uncloseable(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public void close() {
            }
        };
    }
}
