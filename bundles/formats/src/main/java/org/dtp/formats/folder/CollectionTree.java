package org.dtp.formats.folder;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The collections of one kind in a {@link FileTree}, laid out as the local folder adapter lays them out: each folder
 * of the root (with its entry files) and each entry file directly in the root is a collection; a file may hold several
 * entries (vCards; iCalendar objects), an entry's id is the file's path when it is the file's only entry, else
 * {@code path#n}. Pages go through the entry files in name order, then through each file's entries. Since 1.1.
 */
public final class CollectionTree {
    /** Entry files larger than this are not read into memory (a .vcf of 20,000 contacts with photos fits). */
    public static final long MAX_ENTRY_FILE_BYTES = 64L << 20;
    /** Sidecars are a few hundred bytes; anything much larger is not ours. */
    private static final int MAX_SIDECAR_BYTES = 1 << 20;
    /** Numbered names tried for a new collection ("Contacts (2)", ...). */
    private static final int MAX_NUMBERED = 1000;
    private static final ObjectMapper MAPPER = ModelJson.newObjectMapper();

    /** A collection found in the root: its id (its path), the name to show, and its sidecar when an import made it. */
    public record Found(String id, String name, Optional<CollectionSidecar> sidecar) {
    }

    /** One entry of a file: its id and text. */
    public record Entry(String id, String text) {
    }

    /** Reads the items of one entry; a malformed entry throws a checked exception or an IllegalArgumentException. */
    @FunctionalInterface
    public interface EntryReader<I> {
        List<I> read(Entry entry) throws Exception;
    }

    private final FileTree tree;
    private final CollectionKind kind;

    public CollectionTree(FileTree tree, CollectionKind kind) {
        this.tree = tree;
        this.kind = kind;
    }

    /** The collections: the root's folders (but other kinds' and hidden ones) and its entry files, by id. */
    public List<Found> collections() throws AdapterException {
        List<Found> out = new ArrayList<>();
        for (FileTree.Node node : tree.list("")) {
            if (node.name().startsWith(".")) {
                continue;
            }
            if (node.folder()) {
                Set<String> names = tree.list(node.name()).stream().map(FileTree.Node::name).collect(Collectors.toSet());
                if (kind.otherSidecars().stream().anyMatch(names::contains)) {
                    continue;
                }
                Optional<CollectionSidecar> sidecar = names.contains(kind.sidecarName())
                        ? sidecar(node.name()).filter(s -> node.name().equals(s.folderName()) && s.name() != null && !s.name().isBlank())
                        : Optional.empty();
                out.add(new Found(node.name(), sidecar.map(CollectionSidecar::name).orElse(node.name()), sidecar));
            } else if (kind.isEntryFile(node.name())) {
                out.add(new Found(node.name(), FileNames.withoutExtension(node.name()), Optional.empty()));
            }
        }
        out.sort(Comparator.comparing(Found::id));
        return out;
    }

    /**
     * The export page of the collection {@code collectionId} after {@code continuation} ({@code index:fileName}, the
     * entry the page starts at; null for the first): at most {@code pageSize} entries, each as {@code reader} reads
     * it; an entry or file that cannot be read (malformed, not UTF-8, too large) is rejected with why.
     */
    public <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> itemPage(String collectionId, String continuation,
            int pageSize, EntryReader<I> reader) throws AdapterException {
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
        FileTree.Node collection = tree.list("").stream().filter(n -> n.name().equals(collectionId)).findFirst()
                .orElseThrow(() -> new AdapterException("the collection '" + collectionId + "' no longer exists in " + tree.describe()));
        List<FileTree.Node> files;
        String folder;
        if (collection.folder()) {
            folder = collectionId + "/";
            String after = fileName;
            List<FileTree.Node> listed = tree.list(collectionId).stream()
                    .filter(n -> !n.folder() && kind.isEntryFile(n.name()))
                    .filter(n -> after == null || n.name().compareTo(after) >= 0)
                    .sorted(Comparator.comparing(FileTree.Node::name))
                    .limit(pageSize + 1L) // each file gives at least one entry or one rejection
                    .toList();
            if (fileName == null || listed.isEmpty() || !listed.get(0).name().equals(fileName)) {
                index = 0; // the file the last page ended in is gone: start at the next
            }
            files = listed;
        } else {
            folder = "";
            files = List.of(collection);
        }
        List<I> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        int taken = 0;
        for (int f = 0; f < files.size(); f++) {
            FileTree.Node file = files.get(f);
            String fileId = folder + file.name();
            List<String> pieces;
            try {
                pieces = pieces(fileId, file.size());
            } catch (ItemRejectedException e) {
                if (index == 0) {
                    rejected.add(new ExportPage.Rejected(fileId, e.getMessage()));
                    taken++;
                }
                index = 0;
                if (taken >= pageSize) {
                    return page(items, rejected, f + 1 < files.size() ? "0:" + files.get(f + 1).name() : null);
                }
                continue;
            }
            for (int i = index; i < pieces.size(); i++) {
                if (taken >= pageSize) {
                    return page(items, rejected, i + ":" + file.name());
                }
                Entry entry = new Entry(pieces.size() == 1 ? fileId : fileId + "#" + i, pieces.get(i));
                read(entry, reader, items, rejected);
                taken++;
            }
            index = 0;
            if (taken >= pageSize) {
                return page(items, rejected, f + 1 < files.size() ? "0:" + files.get(f + 1).name() : null);
            }
        }
        return page(items, rejected, null);
    }

    private static <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> page(List<I> items,
            List<ExportPage.Rejected> rejected, String continuation) {
        return new ExportPage<>(List.of(), items, continuation, rejected);
    }

    private static <I> void read(Entry e, EntryReader<I> reader, List<I> items, List<ExportPage.Rejected> rejected) {
        try {
            items.addAll(reader.read(e));
        } catch (RuntimeException x) {
            // a reader's own failure on text it did not foresee costs this entry, not the page
            rejected.add(new ExportPage.Rejected(e.id(), x instanceof IllegalArgumentException ? x.getMessage()
                    : "could not be read (" + x + ")"));
        } catch (Exception x) {
            rejected.add(new ExportPage.Rejected(e.id(), x.getMessage()));
        }
    }

    /** The entries of the entry file {@code fileId}, as the kind takes it apart; rejected when it cannot be read. */
    private List<String> pieces(String fileId, long size) throws AdapterException {
        if (size > MAX_ENTRY_FILE_BYTES) {
            throw new ItemRejectedException("'" + fileId + "' is larger than this adapter reads (" + MAX_ENTRY_FILE_BYTES + " bytes)");
        }
        byte[] bytes = bytes(fileId, MAX_ENTRY_FILE_BYTES)
                .orElseThrow(() -> new ItemRejectedException("'" + fileId + "' is no longer in " + tree.describe()));
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ItemRejectedException("'" + fileId + "' is not UTF-8 text (" + e.getMessage() + ")");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a byte order mark, as Windows apps write
        }
        List<String> pieces = kind.splitter().apply(text);
        if (pieces.isEmpty()) {
            // so that every file gives the pager an entry or a rejection, and an empty export says so
            throw new ItemRejectedException("'" + fileId + "' holds no entry");
        }
        return pieces;
    }

    /** The text of the entry {@code id} ({@code path} or {@code path#n}). */
    public String entry(String id) throws AdapterException {
        int hash = id.lastIndexOf('#');
        boolean whole = kind.isEntryFile(id.substring(id.lastIndexOf('/') + 1));
        String fileId = whole ? id : hash < 0 ? id : id.substring(0, hash);
        int n;
        try {
            n = whole ? 0 : Integer.parseInt(id.substring(hash + 1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new ItemRejectedException("'" + id + "' is no entry of " + tree.describe());
        }
        if (!kind.isEntryFile(fileId.substring(fileId.lastIndexOf('/') + 1))) {
            throw new ItemRejectedException("'" + id + "' is no entry of " + tree.describe());
        }
        List<String> pieces = pieces(fileId, -1);
        if (whole ? pieces.size() != 1 : n >= pieces.size()) {
            throw new ItemRejectedException("the file of '" + id + "' has changed since the export began");
        }
        return pieces.get(n);
    }

    /** The UTF-8 text of the file {@code path}, empty when there is none. */
    public Optional<String> text(String path) throws AdapterException {
        return bytes(path, MAX_ENTRY_FILE_BYTES).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    private Optional<byte[]> bytes(String path, long max) throws AdapterException {
        Optional<InputStream> opened = tree.open(path);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = opened.get()) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            if (bytes.length > max) {
                throw new ItemRejectedException("'" + path + "' is larger than this adapter reads (" + max + " bytes)");
            }
            return Optional.of(bytes);
        } catch (IOException e) {
            throw new TransientAdapterException("reading '" + path + "' in " + tree.describe() + " failed: " + e.getMessage(), e);
        }
    }

    private Optional<CollectionSidecar> sidecar(String folder) throws AdapterException {
        Optional<byte[]> bytes = bytes(folder + "/" + kind.sidecarName(), MAX_SIDECAR_BYTES);
        try {
            return bytes.map(b -> read(b)).filter(s -> kind.sidecarFormat().equals(s.format()));
        } catch (UncheckedIOException e) {
            return Optional.empty(); // not JSON of ours: the folder is the person's
        }
    }

    private static CollectionSidecar read(byte[] json) {
        try {
            return MAPPER.readValue(json, CollectionSidecar.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code containerId}, or for items that came without a container the collection claimed once for them. */
    public String containerOrLoose(String containerId) throws AdapterException {
        return containerId != null ? containerId
                : claim(kind.looseKey(), null, kind.fallbackName(), null, null, null);
    }

    /**
     * The folder of the collection named {@code name} for {@code idempotencyKey}: the one an earlier attempt with that
     * key made (found by its sidecar), else a new one ("name (2)", ... when the name is taken by something else), made
     * with its sidecar. An empty folder without a sidecar is one an attempt that ended early made: it is taken. Its id.
     */
    public String claim(String idempotencyKey, String sourceId, String name, String description, String color,
                        String timeZoneId) throws AdapterException {
        String sanitised = FileNames.sanitise(name, kind.fallbackName());
        Map<String, FileTree.Node> there = tree.list("").stream().collect(Collectors.toMap(FileTree.Node::name, Function.identity(), (a, b) -> a));
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            String folder = FileNames.numberedFolder(sanitised, n);
            FileTree.Node node = there.get(folder);
            if (node != null && !node.folder()) {
                continue; // a file of that name
            }
            CollectionSidecar ours = new CollectionSidecar(kind.sidecarFormat(), CollectionSidecar.FORMAT_VERSION,
                    idempotencyKey, sourceId, name == null ? kind.fallbackName() : name, description, color, timeZoneId, folder);
            if (node == null && tree.makeFolder(folder)) {
                writeSidecar(folder, ours);
                return folder;
            }
            Optional<CollectionSidecar> found = sidecar(folder);
            if (found.map(CollectionSidecar::idempotencyKey).filter(idempotencyKey::equals).isPresent()) {
                return folder;
            }
            if (found.isEmpty() && tree.list(folder).isEmpty()) {
                writeSidecar(folder, ours);
                return folder;
            }
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " folders named like '" + sanitised + "' in " + tree.describe());
    }

    private void writeSidecar(String folder, CollectionSidecar sidecar) throws AdapterException {
        try {
            tree.put(folder + "/" + kind.sidecarName(), MAPPER.writeValueAsBytes(sidecar), "application/json");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a collection sidecar cannot be written as JSON", e);
        }
    }
}
