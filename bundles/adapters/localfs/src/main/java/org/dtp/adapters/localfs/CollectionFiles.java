package org.dtp.adapters.localfs;

import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.Sidecars.CollectionSidecar;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * How address books, calendars and task lists lie on disk: each a directory of entry files ({@code .vcf},
 * {@code .ics}) or one such file directly in the root (what phones and calendar apps export). A file may hold
 * several entries (vCards; iCalendar objects, one per UID): an entry's id is the file's id when it is the file's
 * only entry, else {@code fileId#n}. Pages go through the entries in file-name order, then in file order.
 */
public final class CollectionFiles {
    private static final Logger LOG = LoggerFactory.getLogger(CollectionFiles.class);
    /** Entry files larger than this are not read into memory (a .vcf of 20,000 contacts with photos fits). */
    static final long MAX_ENTRY_FILE_BYTES = 64L << 20;

    /**
     * What one vertical's collections are: the extension of its files, the sidecar of its directories, and the
     * prefix of their change feeds' names (a calendar's {@code .ics} may also be a task list, with a feed of its own).
     */
    record Kind(String extension, String sidecarName, String sidecarFormat, Function<String, List<String>> splitter,
                String feedPrefix) {
        boolean isEntryFile(String name) {
            return name.toLowerCase(Locale.ROOT).endsWith(extension) && name.length() > extension.length();
        }
    }

    /** A collection found in the root: its id, the name to show, and its sidecar when an import made it. */
    public record Found(String id, String name, Optional<CollectionSidecar> sidecar) {
    }

    /** One entry of a file: its id and text. */
    public record Entry(String id, String text) {
    }

    /** Entries of a page, the entries that could not be read (id and why), and where the next page starts. */
    record Page(List<Entry> entries, List<Entry> unreadable, String continuation) {
    }

    public static final Kind ADDRESS_BOOKS = new Kind(".vcf", FolderLayout.ADDRESS_BOOK_SIDECAR, Sidecars.ADDRESS_BOOK_FORMAT, VCardFormat::split, "contacts:");
    public static final Kind CALENDARS = new Kind(".ics", FolderLayout.CALENDAR_SIDECAR, Sidecars.CALENDAR_FORMAT, ICalendarObjects::split, "calendar:");
    public static final Kind TASK_LISTS = new Kind(".ics", FolderLayout.TASK_LIST_SIDECAR, Sidecars.TASK_LIST_FORMAT, ICalendarObjects::split, "tasks:");

    private CollectionFiles() {
    }

    /**
     * The directory of the collection {@code sidecar} names in {@code root} (or "name (2)", ...): the one a repeated
     * import of the same key made, else a new one, built hidden with its sidecar and renamed into place. Its id.
     */
    /**
     * {@code containerId}, or for items that came without a container the collection {@code name} claimed once for
     * them under {@code looseKey}.
     */
    public static String containerOrLoose(boolean sync, Path root, Kind kind, String containerId, String looseKey, String name)
            throws AdapterException {
        return containerId != null ? containerId
                : claim(sync, root, kind, new CollectionSidecar(null, 0, looseKey, null, name, null, null, null, null), name);
    }

    public static String claim(boolean sync, Path root, Kind kind, CollectionSidecar sidecar, String fallbackName) throws AdapterException {
        String name = FileNames.sanitise(sidecar.name(), fallbackName);
        try {
            Path created = DiskWrites.claimFolder(sync, root, name, sidecar.idempotencyKey(), kind.sidecarName(),
                    candidate -> Sidecars.readCollection(candidate, kind.sidecarName(), kind.sidecarFormat())
                            .map(CollectionSidecar::idempotencyKey),
                    folderName -> new CollectionSidecar(kind.sidecarFormat(), Sidecars.FORMAT_VERSION, sidecar.idempotencyKey(),
                            sidecar.sourceId(), sidecar.name(), sidecar.description(), sidecar.color(), sidecar.timeZoneId(), folderName));
            return FolderLayout.idOf(root, created);
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the folder '" + name + "' in " + root, e);
        }
    }

    /** The directory of a collection an import writes into: one of the root's directories (not an entry file). */
    public static Path directoryOf(Path root, String containerId) throws AdapterException {
        Path dir = FolderLayout.resolve(root, containerId);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("'" + containerId + "' is not (any more) a folder in " + root);
        }
        return dir;
    }

    /**
     * The collections of {@code kind} in {@code root}: its directories (but those an import made for another kind)
     * and its entry files, by name.
     */
    public static List<Found> collections(Path root, Kind kind, List<String> otherSidecars) throws IOException {
        List<Found> out = new ArrayList<>();
        for (Path dir : FolderLayout.subFolders(root)) {
            if (otherSidecars.stream().anyMatch(s -> Files.exists(dir.resolve(s), LinkOption.NOFOLLOW_LINKS))) {
                continue;
            }
            String folderName = dir.getFileName().toString();
            Optional<CollectionSidecar> sidecar = Sidecars.readCollection(dir, kind.sidecarName(), kind.sidecarFormat())
                    .filter(s -> folderName.equals(s.folderName()) && s.name() != null && !s.name().isBlank());
            out.add(new Found(FolderLayout.idOf(root, dir), sidecar.map(CollectionSidecar::name).orElse(folderName), sidecar));
        }
        for (String name : FolderLayout.fileNames(root, null, Integer.MAX_VALUE, kind::isEntryFile)) {
            out.add(new Found(name, FileNames.withoutExtension(name), Optional.empty()));
        }
        out.sort((a, b) -> a.id().compareTo(b.id()));
        return out;
    }

    /** Reads the items of one entry; a malformed entry throws a checked exception or an IllegalArgumentException. */
    @FunctionalInterface
    public interface EntryReader<I> {
        List<I> read(Entry entry) throws Exception;
    }

    /**
     * The export page of the collection {@code collectionId} after {@code continuation}: the items of each entry as
     * {@code reader} reads them; an entry that cannot be read (unreadable file, malformed text) is rejected with why.
     * Only the entry files changed since the collection's change feed's token are read (all without one): the file is
     * the unit, so an unchanged file gives none of its entries, a changed one all of them.
     */
    public static <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> itemPage(TransferContext context,
            LocalFolderSettings settings, Path root, String collectionId, Kind kind, String continuation, EntryReader<I> reader)
            throws IOException, AdapterException {
        Path collection = FolderLayout.resolve(root, collectionId);
        ChangeFeed feed = ChangeFeed.open(context, kind.feedPrefix() + collectionId, collection, continuation == null,
                settings.changeTimeMargin());
        Page page = page(root, collection, kind, continuation, settings.pageSize(), feed);
        List<I> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        page.unreadable().forEach(u -> rejected.add(new ExportPage.Rejected(u.id(), u.text())));
        for (Entry e : page.entries()) {
            try {
                items.addAll(reader.read(e));
            } catch (IllegalArgumentException x) {
                rejected.add(new ExportPage.Rejected(e.id(), x.getMessage()));
            } catch (RuntimeException x) {
                // a reader's own failure on text it did not foresee: it costs this entry, not the page
                LOG.warn("'{}' could not be read", e.id(), x);
                rejected.add(new ExportPage.Rejected(e.id(), "could not be read (" + x + ")"));
            } catch (Exception x) {
                rejected.add(new ExportPage.Rejected(e.id(), x.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), items, page.continuation(), rejected);
    }

    /**
     * A page of at most {@code pageSize} entries of the collection {@code collection} (a directory or an entry file),
     * after {@code continuation} ({@code index:fileName}, the entry the page starts at; null for the first), of the
     * files {@code feed} lists.
     */
    static Page page(Path root, Path collection, Kind kind, String continuation, int pageSize, ChangeFeed feed)
            throws IOException, AdapterException {
        List<Entry> entries = new ArrayList<>();
        List<Entry> unreadable = new ArrayList<>();
        boolean single = Files.isRegularFile(collection, LinkOption.NOFOLLOW_LINKS);
        if (!single && !Files.isDirectory(collection, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("the collection '" + FolderLayout.idOf(root, collection) + "' no longer exists in " + root);
        }
        int index = 0;
        String fileName = null;
        if (continuation != null) {
            int colon = continuation.indexOf(':');
            try {
                index = Integer.parseInt(continuation.substring(0, colon));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new AdapterException("'" + continuation + "' is no continuation of this adapter");
            }
            fileName = continuation.substring(colon + 1);
        }
        List<Path> files = new ArrayList<>();
        if (single) {
            if (feed.lists(collection)) {
                files.add(collection);
            }
        } else {
            if (fileName != null && feed.lists(collection.resolve(fileName))) {
                files.add(collection.resolve(fileName)); // the file the last page ended in (unless removed since)
            } else {
                index = 0;
            }
            // one more than a page can take: each file gives at least one entry or one unreadable
            for (String name : FolderLayout.fileNames(collection, fileName, pageSize + 1, kind::isEntryFile, feed)) {
                files.add(collection.resolve(name));
            }
        }
        for (Path file : files) {
            String fileId = FolderLayout.idOf(root, file);
            List<String> pieces;
            try {
                pieces = pieces(file, kind);
            } catch (ItemRejectedException e) {
                if (index == 0) {
                    unreadable.add(new Entry(fileId, e.getMessage()));
                }
                index = 0;
                if (entries.size() + unreadable.size() >= pageSize) {
                    return next(entries, unreadable, files, file);
                }
                continue;
            }
            for (int i = index; i < pieces.size(); i++) {
                if (entries.size() + unreadable.size() >= pageSize) {
                    return new Page(entries, unreadable, i + ":" + file.getFileName());
                }
                entries.add(new Entry(pieces.size() == 1 ? fileId : fileId + "#" + i, pieces.get(i)));
            }
            index = 0;
            if (entries.size() + unreadable.size() >= pageSize) {
                return next(entries, unreadable, files, file);
            }
        }
        return new Page(entries, unreadable, null);
    }

    /** The page ending after {@code file}: it continues at the file after it, if there is one. */
    private static Page next(List<Entry> entries, List<Entry> unreadable, List<Path> files, Path file) {
        int at = files.indexOf(file);
        return at + 1 < files.size() ? new Page(entries, unreadable, "0:" + files.get(at + 1).getFileName())
                : new Page(entries, unreadable, null);
    }

    /** The entries of an entry file, as its kind takes it apart. */
    static List<String> pieces(Path file, Kind kind) throws IOException, ItemRejectedException {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_ENTRY_FILE_BYTES) {
                throw new ItemRejectedException("'" + file.getFileName() + "' is larger than this adapter reads (" + MAX_ENTRY_FILE_BYTES + " bytes)");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            // one file that cannot be read (gone since the listing, not readable) costs that file; a failure that
            // may pass fails the page, which is then tried again
            if (IoFailures.ofItem("'" + file.getFileName() + "' cannot be read", e) instanceof ItemRejectedException rejected) {
                throw rejected;
            }
            throw e;
        }
        var decoder = StandardCharsets.UTF_8.newDecoder();
        String text;
        try {
            text = decoder.decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ItemRejectedException("'" + file.getFileName() + "' is not UTF-8 text (" + e.getMessage() + ")");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a byte order mark, as Windows apps write
        }
        List<String> pieces = kind.splitter().apply(text);
        if (pieces.isEmpty()) {
            // so that every file gives the pager an entry or a rejection, and an empty export says so
            throw new ItemRejectedException("'" + file.getFileName() + "' holds no entry");
        }
        return pieces;
    }

    /** The text of the entry {@code id} ({@code fileId} or {@code fileId#n}) under {@code root}. */
    public static String entry(Path root, String id, Kind kind) throws AdapterException {
        Path file = FolderLayout.resolve(root, id);
        int n = 0;
        boolean whole = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS);
        if (!whole) {
            int hash = id.lastIndexOf('#');
            try {
                n = Integer.parseInt(id.substring(hash + 1));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new ItemRejectedException("'" + id + "' is no entry of this folder");
            }
            file = FolderLayout.resolve(root, id.substring(0, hash));
        }
        String name = file.getFileName().toString();
        if (FolderLayout.ignored(name) || !kind.isEntryFile(name) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ItemRejectedException("the entry '" + id + "' no longer exists in " + root);
        }
        try {
            List<String> pieces = pieces(file, kind);
            if (whole ? pieces.size() != 1 : n >= pieces.size()) {
                throw new ItemRejectedException("the file of '" + id + "' has changed since the export began");
            }
            return pieces.get(n);
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot read '" + id + "'", e);
        }
    }
}
