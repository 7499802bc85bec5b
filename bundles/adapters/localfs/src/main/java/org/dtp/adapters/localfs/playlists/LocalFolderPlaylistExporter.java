package org.dtp.adapters.localfs.playlists;

import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.ChangeFeed;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.formats.playlists.PlaylistFiles;
import org.dtp.formats.playlists.PlaylistFiles.Stored;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelFormatException;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exports the playlists of a folder: each {@code <name>.json} of ours, and each {@code <name>.xspf},
 * {@code <name>.m3u8} or {@code <name>.m3u} a player made where there is no JSON of that name (the JSON is the
 * lossless form; XSPF holds more than M3U, so it is read before it). Tracks are paged in their stored order. A
 * re-run lists only the playlists whose file changed since the previous scan ({@link ChangeFeed}).
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderPlaylistExporter",
        service = Exporter.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class LocalFolderPlaylistExporter implements Exporter<Playlist, PlaylistTrack> {
    private static final Logger LOG = LoggerFactory.getLogger(LocalFolderPlaylistExporter.class);
    /** The name of the change feed of the folder's playlist files. */
    static final String FEED = "playlists:";

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderPlaylistExporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderPlaylistExporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<Playlist, PlaylistTrack> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Path root = settings.sourceRoot(context.endpoint());
        if (cursor.isRoot()) {
            List<Playlist> playlists = new ArrayList<>();
            // A playlist file is the unit: one unchanged since the previous scan is neither read nor listed, so
            // none of its tracks is either.
            ChangeFeed feed = ChangeFeed.open(context, FEED, root, true, settings.changeTimeMargin());
            try {
                for (Path file : playlistFiles(root, feed)) {
                    try {
                        playlists.add(read(root, file).playlist());
                    } catch (ModelFormatException | IOException e) {
                        LOG.warn("skipping the playlist file {}: {}", file, e.getMessage()); // a foreign file of that name
                    }
                }
            } catch (IOException e) {
                throw IoFailures.ofFolder("cannot list the playlists in '" + root + "'", e);
            }
            return new ExportPage<>(playlists, List.of(), null);
        }
        Path file = FolderLayout.resolve(root, cursor.containerId());
        Stored stored;
        try {
            stored = read(root, file);
        } catch (ModelFormatException e) {
            throw new AdapterException(e.getMessage(), e);
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot read the playlist '" + cursor.containerId() + "'", e);
        }
        int from;
        try {
            from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
        } catch (NumberFormatException e) {
            throw new AdapterException("'" + cursor.continuation() + "' is no continuation of this adapter");
        }
        int to = Math.min(stored.tracks().size(), from + settings.pageSize());
        List<PlaylistTrack> tracks = new ArrayList<>();
        for (int i = from; i < to; i++) {
            tracks.add(stored.tracks().get(i).track());
        }
        return new ExportPage<>(List.of(), tracks, to < stored.tracks().size() ? String.valueOf(to) : null);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("playlists have no media; '" + ref.uri() + "' is none of this adapter's");
    }

    /** One file per playlist name, the preferred of its forms, by name; of those, the ones {@code feed} lists. */
    private static List<Path> playlistFiles(Path root, ChangeFeed feed) throws IOException {
        Map<String, Path> byName = new LinkedHashMap<>();
        for (String name : FolderLayout.fileNames(root, null, Integer.MAX_VALUE, n -> PlaylistFiles.rank(n) >= 0)) {
            String stem = FileNames.withoutExtension(name);
            Path chosen = byName.get(stem);
            if (chosen == null || PlaylistFiles.rank(name) < PlaylistFiles.rank(chosen.getFileName().toString())) {
                byName.put(stem, root.resolve(name));
            }
        }
        List<Path> listed = new ArrayList<>();
        for (Path file : byName.values()) {
            if (feed.lists(file)) {
                listed.add(file);
            }
        }
        return listed;
    }

    /** The playlist in {@code file}, its id the file's path in the folder ({@link PlaylistFiles#read}). */
    static Stored read(Path root, Path file) throws IOException {
        String id = FolderLayout.idOf(root, file);
        String name = file.getFileName().toString();
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || FolderLayout.ignored(name) || PlaylistFiles.rank(name) < 0) {
            throw new ModelFormatException("the playlist '" + id + "' no longer exists in " + root);
        }
        if (Files.size(file) > PlaylistFiles.MAX_PLAYLIST_BYTES) {
            throw new ModelFormatException("'" + id + "' is larger than a playlist can be (" + PlaylistFiles.MAX_PLAYLIST_BYTES + " bytes)");
        }
        return PlaylistFiles.read(Files.readAllBytes(file), id, name);
    }
}
