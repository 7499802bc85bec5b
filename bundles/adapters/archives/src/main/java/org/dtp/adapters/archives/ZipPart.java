package org.dtp.adapters.archives;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A zip part, read through its central directory: the entries in the directory's order, and any entry opened
 * directly by name (random access), so serving one item of a 50 GB part reads that item only. The JDK keeps the
 * central directory (some 100 bytes an entry) in memory while the file is open, never the entries' bytes.
 */
final class ZipPart implements ArchivePart {
    private final Path file;

    ZipPart(Path file) {
        this.file = file;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public void scan(int maxEntries, EntryVisitor visitor) throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            if (zip.size() > maxEntries) {
                throw new TooManyEntriesException(file, maxEntries);
            }
            Enumeration<? extends ZipEntry> entries = zip.entries();
            int index = 0;
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                ArchiveEntry listed = new ArchiveEntry(index++, entry.getName(), entry.getSize(), entry.getCompressedSize(),
                        entry.isDirectory());
                visitor.visit(listed, () -> new CheckedEntryStream(zip.getInputStream(entry), entry.getName(), entry.getSize()));
            }
        }
    }

    @Override
    public InputStream open(String name, long size) throws IOException {
        ZipFile zip = new ZipFile(file.toFile());
        try {
            ZipEntry entry = zip.getEntry(name);
            if (entry == null || entry.isDirectory()) {
                throw new NoSuchFileException(name, null, "not in " + file.getFileName());
            }
            if (entry.getSize() != size) {
                throw new IOException("the entry '" + name + "' is " + entry.getSize() + " bytes now, not " + size);
            }
            InputStream bytes = new CheckedEntryStream(zip.getInputStream(entry), name, size);
            return new FilterInputStream(bytes) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        zip.close();
                    }
                }
            };
        } catch (IOException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }
}
