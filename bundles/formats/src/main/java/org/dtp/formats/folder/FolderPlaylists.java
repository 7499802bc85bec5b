package org.dtp.formats.folder;

import org.dtp.formats.playlists.PlaylistFiles;
import org.dtp.formats.playlists.PlaylistFiles.Entry;
import org.dtp.formats.playlists.PlaylistFiles.Lost;
import org.dtp.formats.playlists.PlaylistFiles.Stored;
import org.dtp.formats.playlists.PlaylistFormat;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelFormatException;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Playlists in the folder layout, the files the local folder adapter writes and reads ({@link PlaylistFiles}): each
 * playlist is {@code <name>.json} in the root with {@code <name>.m3u8} and {@code <name>.xspf} beside it (the endpoint
 * setting {@link PlaylistFormat#SETTING} may choose fewer); a player's {@code .xspf}, {@code .m3u8} or {@code .m3u}
 * without a JSON of its name is a playlist too. Tracks keep their order: they are put by position, one writer at a
 * time per playlist. The files are written whole: once per {@link #importTracks batch} of tracks (a page's tracks), so
 * a playlist of n tracks costs about n / page size writes of each file, n of them when tracks come one by one.
 * Since 1.1.
 */
public final class FolderPlaylists implements FolderVertical<Playlist, PlaylistTrack> {
    /** The most tracks one {@link #importTracks} call takes: a page's, as the exporters page them (100 by default). */
    public static final int BATCH_SIZE = 1_000;
    /** How many playlists of one name an import numbers ("Mix (2)", ...) before it gives up, as for collections. */
    private static final int MAX_NUMBERED = 1000;

    /** One writer at a time per playlist (each batch rewrites its files), by tree and document. */
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    @Override
    public ExportPage<Playlist, PlaylistTrack> export(FileTree tree, TransferContext context, ExportCursor cursor, int pageSize)
            throws AdapterException {
        if (cursor.isRoot()) {
            List<Playlist> playlists = new ArrayList<>();
            for (FileTree.Node file : playlistFiles(tree)) {
                try {
                    read(tree, file.name()).ifPresent(stored -> playlists.add(stored.playlist()));
                } catch (ModelFormatException | IOException e) {
                    // not a playlist (a JSON of someone else's, a broken player file), as the local folder adapter skips it
                }
            }
            return new ExportPage<>(playlists, List.of(), null);
        }
        Stored stored;
        try {
            stored = read(tree, cursor.containerId()).orElseThrow(() -> new ModelFormatException(
                    "the playlist '" + cursor.containerId() + "' no longer exists in " + tree.describe()));
        } catch (ModelFormatException | IOException e) {
            throw new AdapterException(e.getMessage(), e);
        }
        int from;
        try {
            from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
        } catch (NumberFormatException e) {
            throw new AdapterException("'" + cursor.continuation() + "' is no continuation of this adapter");
        }
        int to = Math.min(stored.tracks().size(), from + pageSize);
        List<PlaylistTrack> tracks = new ArrayList<>();
        for (int i = from; i < to; i++) {
            tracks.add(stored.tracks().get(i).track());
        }
        return new ExportPage<>(List.of(), tracks, to < stored.tracks().size() ? String.valueOf(to) : null);
    }

    @Override
    public InputStream openMedia(FileTree tree, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("playlists have no media; '" + ref.uri() + "' is none of this adapter's");
    }

    /**
     * The document of the playlist: {@code <name>.json} (or the hidden one), an earlier attempt's found by its key, else
     * a new one under the first free "name (n)", with its player files.
     */
    @Override
    public String importContainer(FileTree tree, ImportContext context, String idempotencyKey, Playlist playlist)
            throws AdapterException {
        Set<PlaylistFormat> formats = PlaylistFormat.of(context.endpoint());
        List<Lost> lost = new ArrayList<>();
        Playlist kept = PlaylistFiles.keptOf(playlist, formats, lost);
        lost.forEach(l -> context.reportNotKept(playlist.id(), l.field(), l.reason()));
        String name = FileNames.sanitise(playlist.name(), "Playlist");
        Set<String> there = tree.list("").stream().map(FileTree.Node::name).collect(Collectors.toSet());
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            String stem = FileNames.numberedFolder(name, n);
            String document = PlaylistFiles.documentName(stem, formats);
            if (there.contains(document)) {
                Optional<Stored> ours = readOurs(tree, document);
                if (ours.isPresent() && idempotencyKey.equals(ours.get().idempotencyKey())) {
                    return document;
                }
            }
            if (PlaylistFiles.formsOf(stem).stream().anyMatch(there::contains)) {
                continue;
            }
            // containers come one at a time (Importer), so nothing else can take the name meanwhile
            Stored created = new Stored(idempotencyKey, kept, List.of());
            tree.put(document, json(created), "application/json");
            writeViews(tree, stem, created, formats, false);
            return document;
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " playlists named '" + name + "' in " + tree.describe() + " already");
    }

    @Override
    public String importItem(FileTree tree, ImportContext context, String idempotencyKey, PlaylistTrack track, String containerId)
            throws AdapterException {
        return importTracks(tree, List.of(new BatchImporter.Item<>(context, idempotencyKey, track)), containerId).get(0);
    }

    /**
     * Adds the tracks (of one playlist, in order) to it with one write of each of its files; a track whose key it holds
     * already is found, not added again. When all were there, a player file is written only where it is not what the
     * document says (a crash may have come between the document and them). Rejected as a whole when the tracks would
     * make it longer than {@link PlaylistFiles#MAX_TRACKS}. The tracks' ids, in order.
     */
    public List<String> importTracks(FileTree tree, List<BatchImporter.Item<PlaylistTrack>> tracks, String containerId)
            throws AdapterException {
        if (containerId == null) {
            throw new ItemRejectedException("a track must belong to a playlist; '" + tracks.get(0).item().id() + "' has none");
        }
        Set<PlaylistFormat> formats = PlaylistFormat.of(tracks.get(0).context().endpoint());
        String stem = PlaylistFiles.stemOf(containerId);
        synchronized (locks.computeIfAbsent(tree.describe() + "\n" + containerId, k -> new Object())) {
            Stored stored = readOurs(tree, containerId).orElseThrow(() ->
                    new AdapterException("the playlist '" + containerId + "' is not (any more) in " + tree.describe()));
            List<Entry> added = new ArrayList<>();
            Set<String> keys = new HashSet<>();
            List<String> ids = new ArrayList<>();
            for (BatchImporter.Item<PlaylistTrack> t : tracks) {
                List<Lost> lost = new ArrayList<>();
                PlaylistTrack kept = PlaylistFiles.keptOf(t.item(), formats, lost);
                // reported on every attempt, also one that finds the track: the engine keeps the successful attempt's once
                lost.forEach(l -> t.context().reportNotKept(t.item().id(), l.field(), l.reason()));
                if (!stored.holds(t.idempotencyKey()) && keys.add(t.idempotencyKey())) {
                    added.add(new Entry(t.idempotencyKey(), kept));
                }
                ids.add(containerId + "#" + FileNames.fromKey(t.idempotencyKey(), ""));
            }
            if (added.isEmpty()) {
                writeViews(tree, stem, stored, formats, true);
                return ids;
            }
            Stored updated = stored.with(added, containerId);
            tree.put(containerId, json(updated), "application/json");
            writeViews(tree, stem, updated, formats, false);
            return ids;
        }
    }

    @Override
    public String updateItem(FileTree tree, ImportContext context, String idempotencyKey, PlaylistTrack track, String destinationId)
            throws AdapterException {
        throw new ItemNotUpdatableException("a playlist's tracks are not updated in place");
    }

    /** The playlist files of the root, the preferred form of each name, by name. */
    private static List<FileTree.Node> playlistFiles(FileTree tree) throws AdapterException {
        Map<String, FileTree.Node> byStem = new LinkedHashMap<>();
        tree.list("").stream()
                .filter(n -> !n.folder() && !MediaSidecars.ignored(n.name()) && PlaylistFiles.rank(n.name()) >= 0
                        && n.size() <= PlaylistFiles.MAX_PLAYLIST_BYTES)
                .sorted(Comparator.comparing(FileTree.Node::name))
                .forEach(n -> byStem.merge(FileNames.withoutExtension(n.name()), n,
                        (a, b) -> PlaylistFiles.rank(b.name()) < PlaylistFiles.rank(a.name()) ? b : a));
        return List.copyOf(byStem.values());
    }

    /** The playlist in the root's file {@code name}, its id that name; empty when there is no such playlist file. */
    private static Optional<Stored> read(FileTree tree, String name) throws AdapterException, IOException {
        if (name.contains("/") || MediaSidecars.ignored(name) || PlaylistFiles.rank(name) < 0) {
            return Optional.empty();
        }
        Optional<byte[]> bytes = bytes(tree, name);
        return bytes.isEmpty() ? Optional.empty() : Optional.of(PlaylistFiles.read(bytes.get(), name, name));
    }

    /** Our document {@code name} (JSON or hidden); empty when there is none or it is not ours. */
    private static Optional<Stored> readOurs(FileTree tree, String name) throws AdapterException {
        try {
            Optional<byte[]> bytes = bytes(tree, name);
            return bytes.isEmpty() ? Optional.empty() : Optional.of(PlaylistFiles.readJson(bytes.get(), name));
        } catch (ModelFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<byte[]> bytes(FileTree tree, String path) throws AdapterException {
        Optional<InputStream> opened = tree.open(path);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = opened.get()) {
            byte[] bytes = in.readNBytes((int) PlaylistFiles.MAX_PLAYLIST_BYTES + 1);
            if (bytes.length > PlaylistFiles.MAX_PLAYLIST_BYTES) {
                throw new ModelFormatException("'" + path + "' is larger than a playlist can be (" + PlaylistFiles.MAX_PLAYLIST_BYTES + " bytes)");
            }
            return Optional.of(bytes);
        } catch (IOException e) {
            throw new TransientAdapterException("reading '" + path + "' in " + tree.describe() + " failed: " + e.getMessage(), e);
        }
    }

    /** The player files; with {@code onlyChanged}, only those that are not there as the document says. */
    private static void writeViews(FileTree tree, String stem, Stored stored, Set<PlaylistFormat> formats, boolean onlyChanged)
            throws AdapterException {
        Map<String, byte[]> views;
        try {
            views = PlaylistFiles.views(stem, stored, formats);
        } catch (IOException e) {
            throw new ItemRejectedException("the playlist '" + stem + "' cannot be written: " + e.getMessage(), e);
        }
        for (Map.Entry<String, byte[]> view : views.entrySet()) {
            if (onlyChanged && bytes(tree, view.getKey()).filter(b -> Arrays.equals(b, view.getValue())).isPresent()) {
                continue;
            }
            tree.put(view.getKey(), view.getValue(), view.getKey().endsWith(PlaylistFiles.XSPF)
                    ? "application/xspf+xml" : "audio/x-mpegurl");
        }
    }

    private static byte[] json(Stored stored) throws ItemRejectedException {
        try {
            return PlaylistFiles.writeJson(stored);
        } catch (IOException e) {
            throw new ItemRejectedException("the playlist cannot be written as JSON: " + e.getMessage(), e);
        }
    }
}
