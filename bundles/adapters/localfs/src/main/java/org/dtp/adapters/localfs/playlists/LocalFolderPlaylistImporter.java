package org.dtp.adapters.localfs.playlists;

import org.dtp.adapters.localfs.DiskWrites;
import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.formats.playlists.PlaylistFiles;
import org.dtp.formats.playlists.PlaylistFiles.Entry;
import org.dtp.formats.playlists.PlaylistFiles.Lost;
import org.dtp.formats.playlists.PlaylistFiles.Stored;
import org.dtp.formats.playlists.PlaylistFormat;
import org.dtp.models.ModelFormatException;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Imports playlists into a folder: each playlist is {@code <name>.json} (the canonical models, lossless, with the
 * idempotency keys), and {@code <name>.m3u8} and {@code <name>.xspf} beside it for players. The endpoint setting
 * {@code playlistFormats} may choose fewer; without JSON, what M3U8/XSPF cannot hold is reported as not kept.
 * Every track imported rewrites the files, each to a temp file renamed over the old one, the JSON (or the hidden
 * document) first: it is the record a retry consults, the others are made from it.
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderPlaylistImporter",
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class LocalFolderPlaylistImporter implements Importer<Playlist, PlaylistTrack> {
    private final LocalFolderSettings settings;
    /** One writer at a time per playlist (every track rewrites its files). */
    private final Map<Path, Object> locks = new ConcurrentHashMap<>();

    @Activate
    public LocalFolderPlaylistImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderPlaylistImporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        settings.checkDestination(destination);
        PlaylistFormat.of(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, Playlist playlist, String parentId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        Set<PlaylistFormat> formats = PlaylistFormat.of(context.endpoint());
        List<Lost> lost = new ArrayList<>();
        Playlist kept = PlaylistFiles.keptOf(playlist, formats, lost);
        lost.forEach(l -> context.reportNotKept(playlist.id(), l.field(), l.reason()));
        String name = FileNames.sanitise(playlist.name(), "Playlist");
        try {
            for (int n = 1; n <= DiskWrites.MAX_NUMBERED; n++) {
                String stem = FileNames.numberedFolder(name, n);
                Path json = documentOf(root, stem, formats);
                Optional<Stored> ours = readOurs(json);
                if (ours.isPresent()) {
                    if (idempotencyKey.equals(ours.get().idempotencyKey())) {
                        return FolderLayout.idOf(root, json);
                    }
                    continue;
                }
                if (taken(root, stem)) {
                    continue;
                }
                Stored created = new Stored(idempotencyKey, kept, List.of());
                try {
                    writeNew(json, PlaylistFiles.writeJson(created));
                } catch (FileAlreadyExistsException e) {
                    n--; // created meanwhile: look at it again
                    continue;
                }
                writeViews(root, stem, created, formats);
                DiskWrites.syncFolder(settings.syncToDisk(), root);
                return FolderLayout.idOf(root, json);
            }
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the playlist '" + name + "' in " + root, e);
        }
        throw new AdapterException("there are " + DiskWrites.MAX_NUMBERED + " playlists named '" + name + "' in " + root + " already");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, PlaylistTrack track, String containerId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        if (containerId == null) {
            throw new ItemRejectedException("a track must belong to a playlist; '" + track.id() + "' has none");
        }
        Path json = FolderLayout.resolve(root, containerId);
        String stem = stemOf(json);
        Set<PlaylistFormat> formats = PlaylistFormat.of(context.endpoint());
        List<Lost> lost = new ArrayList<>();
        PlaylistTrack kept = PlaylistFiles.keptOf(track, formats, lost);
        // reported on every attempt, also one that finds the track: the engine keeps the successful attempt's once
        lost.forEach(l -> context.reportNotKept(track.id(), l.field(), l.reason()));
        String id = containerId + "#" + FileNames.fromKey(idempotencyKey, "");
        synchronized (locks.computeIfAbsent(json, p -> new Object())) {
            try {
                Stored stored = readOurs(json).orElseThrow(() ->
                        new AdapterException("the playlist '" + containerId + "' is not (any more) in " + root));
                if (stored.holds(idempotencyKey)) {
                    writeViews(root, stem, stored, formats); // a crash may have come between the JSON and them
                    return id;
                }
                Stored updated = stored.with(List.of(new Entry(idempotencyKey, kept)), containerId);
                replace(json, PlaylistFiles.writeJson(updated));
                writeViews(root, stem, updated, formats);
                return id;
            } catch (IOException e) {
                throw IoFailures.ofItem("cannot add the track '" + track.id() + "' to the playlist '" + containerId + "'", e);
            }
        }
    }

    /** Our JSON at {@code json}; empty when there is none or it is not ours. */
    private static Optional<Stored> readOurs(Path json) throws IOException {
        if (!Files.isRegularFile(json, LinkOption.NOFOLLOW_LINKS) || Files.size(json) > PlaylistFiles.MAX_PLAYLIST_BYTES) {
            return Optional.empty();
        }
        try {
            return Optional.of(PlaylistFiles.readJson(Files.readAllBytes(json), json.getFileName().toString()));
        } catch (ModelFormatException e) {
            return Optional.empty();
        }
    }

    /** Where the playlist's document lies ({@link PlaylistFiles#documentName}). */
    private static Path documentOf(Path root, String stem, Set<PlaylistFormat> formats) {
        return root.resolve(PlaylistFiles.documentName(stem, formats));
    }

    private static String stemOf(Path document) {
        return PlaylistFiles.stemOf(document.getFileName().toString());
    }

    /** Whether any form of a playlist {@code stem} is there already (a player's, a file of the person's, ours hidden). */
    private static boolean taken(Path root, String stem) {
        for (String name : PlaylistFiles.formsOf(stem)) {
            if (Files.exists(root.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                return true;
            }
        }
        return false;
    }

    private void writeViews(Path root, String stem, Stored stored, Set<PlaylistFormat> formats) throws IOException {
        for (Map.Entry<String, byte[]> view : PlaylistFiles.views(stem, stored, formats).entrySet()) {
            replace(root.resolve(view.getKey()), view.getValue());
        }
    }

    private void writeNew(Path target, byte[] bytes) throws IOException {
        DiskWrites.writeWhole(settings.syncToDisk(), target, bytes, false);
    }

    private void replace(Path target, byte[] bytes) throws IOException {
        DiskWrites.writeWhole(settings.syncToDisk(), target, bytes, true);
    }
}
