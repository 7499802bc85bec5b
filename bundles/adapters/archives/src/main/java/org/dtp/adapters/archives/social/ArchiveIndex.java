package org.dtp.adapters.archives.social;

import org.dtp.adapters.archives.ArchivePart;
import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.models.MediaRef;
import org.dtp.spi.ExportPage.Rejected;
import org.dtp.spi.ItemRejectedException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The files of an export archive of one or more parts, by their path in the archive: what a Meta, X or Mastodon
 * archive's JSON names (a post's media, an album's photos) is looked up here, and opened from its part. Built by one
 * pass over the parts' entries (a zip's central directory; a tgz inflated once), names and sizes only; entries with
 * unsafe names or beyond the configured bounds are not in it but {@link #rejected}.
 */
public final class ArchiveIndex {
    /** An archive file: the part it lies in (its place in the parts' order and its file), its path and size. */
    public record Located(int partIndex, Path part, String entry, long size) {
        /** The file name of the entry, its path's last segment. */
        public String fileName() {
            return EntryNames.fileNameOf(entry);
        }
    }

    private final Map<String, Located> byEntry;
    private final List<Located> inOrder;
    private final List<Rejected> rejected;

    private ArchiveIndex(Map<String, Located> byEntry, List<Located> inOrder, List<Rejected> rejected) {
        this.byEntry = byEntry;
        this.inOrder = inOrder;
        this.rejected = rejected;
    }

    /** Indexes the entries of {@code parts}, in their order; a name found again in a later part keeps its first place. */
    public static ArchiveIndex build(ArchiveSettings settings, List<Path> parts) throws IOException {
        Map<String, Located> byEntry = new HashMap<>();
        List<Located> inOrder = new ArrayList<>();
        List<Rejected> rejected = new ArrayList<>();
        for (int p = 0; p < parts.size(); p++) {
            int partIndex = p;
            Path part = parts.get(p);
            ArchivePart.of(part).scan(settings.maxEntries(), (entry, bytes) -> {
                if (entry.directory()) {
                    return;
                }
                String unsafe = EntryNames.unsafe(entry.name());
                String refused = unsafe != null ? "refused in " + part.getFileName() + ": " + unsafe : settings.refusal(entry);
                if (refused != null) {
                    rejected.add(new Rejected(entry.name().replaceAll("\\p{Cntrl}", "?"), refused));
                    return;
                }
                Located located = new Located(partIndex, part, entry.name(), entry.size());
                if (byEntry.putIfAbsent(entry.name(), located) == null) {
                    inOrder.add(located);
                }
            });
        }
        return new ArchiveIndex(Map.copyOf(byEntry), List.copyOf(inOrder), List.copyOf(rejected));
    }

    /** The file at {@code entry}, or null. */
    public Located find(String entry) {
        return entry == null ? null : byEntry.get(entry);
    }

    /** The files whose path {@code wanted} accepts, in archive order. */
    public List<Located> matching(Predicate<String> wanted) {
        return inOrder.stream().filter(located -> wanted.test(located.entry())).toList();
    }

    /** The entries refused (unsafe names, beyond the bounds), to report once per export. */
    public List<Rejected> rejected() {
        return rejected;
    }

    /** A media reference to {@code file}, opened again by {@link #open(MediaRef)}. */
    public static MediaRef ref(Located file) {
        return new MediaRef(file.part().getFileName() + "!" + file.entry(), MediaTypes.of(file.fileName()), file.size());
    }

    /** Opens the file a reference made by {@link #ref} names; refuses any reference to what is not in this index. */
    public InputStream open(MediaRef ref) throws ItemRejectedException, IOException {
        int bang = ref.uri().indexOf('!');
        Located file = bang < 0 ? null : byEntry.get(ref.uri().substring(bang + 1));
        if (file == null || !file.part().getFileName().toString().equals(ref.uri().substring(0, bang))) {
            throw new ItemRejectedException("'" + ref.uri() + "' is not a file of this archive");
        }
        try {
            return open(file);
        } catch (NoSuchFileException e) {
            throw new ItemRejectedException("'" + file.entry() + "' is no longer in " + file.part().getFileName());
        }
    }

    /** Opens a file's bytes, held to its declared size. */
    public static InputStream open(Located file) throws IOException {
        return ArchivePart.of(file.part()).open(file.entry(), file.size());
    }
}
