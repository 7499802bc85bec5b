package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveEntry;
import org.dtp.adapters.archives.ArchivePart;
import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.spi.ExportPage.Rejected;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The files of one Takeout product (Mail, Contacts, Calendar, ...) in an export's parts: one pass over every part,
 * unsafe entry names refused (as the Photos exporter does), each file of the product handed to a reader with its
 * path inside the product's folder. Which folder is the product's is told by its name, in the languages it is known in.
 */
final class ProductFiles {
    /**
     * The largest text file (a .vcf, .ics, Tasks.json or playlist CSV) read whole: the formats' readers take text,
     * and these files are some KB to a few MB in real exports (a 10,000-contact .vcf is about 5 MB).
     */
    static final long MAX_TEXT_BYTES = 64L * 1024 * 1024;

    /** One file of the product: where it lies, and its path below the product's folder ({@code All Contacts/All Contacts.vcf}). */
    record File(int part, String partName, ArchiveEntry entry, String path) {
        Position position() {
            return new Position(part, entry.index());
        }

        /** How an item of this file is referred to for {@code openMedia}: {@code <part>!<entry>}. */
        String reference() {
            return partName + "!" + entry.name();
        }
    }

    /** What a scan gives each file of the product. */
    interface Reader {
        void read(File file, ArchivePart.EntryBytes bytes) throws IOException;
    }

    private ProductFiles() {
    }

    /**
     * Hands every file under one of {@code productFolders} (a segment of the entry's path, usually after
     * {@code Takeout/}) to {@code reader}, in archive order; unsafe entries are added to {@code rejected}.
     */
    static void scan(ArchiveSettings settings, List<Path> parts, Set<String> productFolders, List<Rejected> rejected,
                     Reader reader) throws IOException {
        for (int p = 0; p < parts.size(); p++) {
            ArchivePart part = ArchivePart.of(parts.get(p));
            String partName = part.file().getFileName().toString();
            int partIndex = p;
            part.scan(settings.maxEntries(), (entry, bytes) -> {
                if (entry.directory()) {
                    return;
                }
                String path = pathInProduct(entry.name(), productFolders);
                if (path == null) {
                    return;
                }
                String unsafe = EntryNames.unsafe(entry.name());
                if (unsafe != null) {
                    rejected.add(new Rejected(entry.name().replaceAll("\\p{Cntrl}", "?"), "refused in " + partName + ": " + unsafe));
                    return;
                }
                reader.read(new File(partIndex, partName, entry, path), bytes);
            });
        }
    }

    /** The path of an entry below the first of its segments that names the product's folder, or null. */
    static String pathInProduct(String name, Set<String> productFolders) {
        String[] segments = name.split("/");
        for (int i = 0; i + 1 < segments.length; i++) {
            if (productFolders.contains(segments[i])) {
                return String.join("/", List.of(segments).subList(i + 1, segments.length));
            }
        }
        return null;
    }

    /**
     * The file's text (UTF-8, a byte order mark dropped); null, with the file added to {@code rejected}, when it is
     * larger than {@link #MAX_TEXT_BYTES}.
     */
    static String text(File file, ArchivePart.EntryBytes bytes, List<Rejected> rejected) throws IOException {
        if (file.entry().size() > MAX_TEXT_BYTES) {
            rejected.add(new Rejected(file.entry().name(), "not read: " + file.entry().size() + " bytes, more than the "
                    + MAX_TEXT_BYTES + " a text file of this kind is read whole in"));
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.max(0, file.entry().size()));
        try (InputStream in = bytes.open()) {
            in.transferTo(out);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }
}
