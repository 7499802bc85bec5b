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
    /** The folder every product's folder is in. */
    private static final String TAKEOUT = "Takeout";

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
     * Hands every file under one of {@code productFolders} ({@code Takeout/<product>/...}) to {@code reader}, in
     * archive order; unsafe entries are added to {@code rejected}.
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

    /**
     * The path of an entry below the product's folder, or null: the folder is the archive's first (or, under
     * {@code Takeout/}, second) segment, so that a folder of the same name elsewhere (a Drive folder "Contacts") is
     * not taken for the product.
     */
    static String pathInProduct(String name, Set<String> productFolders) {
        String[] segments = name.split("/");
        int product = segments.length > 2 && segments[0].equals(TAKEOUT) ? 1 : 0;
        if (product + 1 >= segments.length || !productFolders.contains(segments[product])) {
            return null;
        }
        return String.join("/", List.of(segments).subList(product + 1, segments.length));
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
