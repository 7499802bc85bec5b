package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.SpotifyApi.Entry;
import org.dtp.adapters.spotify.SpotifyApi.Page;
import org.dtp.adapters.spotify.SpotifyApi.Playable;
import org.dtp.adapters.spotify.SpotifyApi.SimplePlaylist;
import org.dtp.models.MediaRef;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransferContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports a Spotify user's playlists (those they own and those they follow) and their tracks. The root's pages list
 * the playlists ({@code GET /v1/me/playlists}), a playlist's pages its entries ({@code GET /v1/playlists/{id}/items}),
 * both by {@code offset}, which is the continuation. An entry's {@link PlaylistTrack#position()} is its place in the
 * playlist; a description loses the marker our importer ended it with; local files are kept (title, artists, album,
 * length, without a Spotify id); podcast episodes and entries Spotify no longer has are reported as not readable. A
 * playlist whose {@code snapshot_id} is the one the last complete transfer between the same accounts recorded has not
 * changed: its entries are not listed. Nothing at Spotify is changed.
 */
@Component(
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + SpotifyConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Spotify",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class SpotifyPlaylistExporter implements Exporter<Playlist, PlaylistTrack> {
    private final SpotifyConnector connector;

    @Activate
    public SpotifyPlaylistExporter(@Reference SpotifyConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return connector.accountId(context);
    }

    @Override
    public ExportPage<Playlist, PlaylistTrack> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        SpotifyApi api = connector.api(context);
        int offset = offsetOf(cursor.continuation());
        int limit = connector.settings().pageSize();
        if (cursor.isRoot()) {
            Page<SimplePlaylist> page = api.currentUserPlaylists(offset, limit);
            List<Playlist> playlists = new ArrayList<>();
            for (SimplePlaylist p : page.items()) {
                playlists.add(new Playlist(p.id(), p.name().isBlank() ? p.id() : p.name(),
                        SpotifyPlaylistImporter.withoutMarker(p.description()),
                        p.publiclyVisible(), p.ownerName() != null ? p.ownerName() : p.ownerId()));
            }
            return new ExportPage<>(playlists, List.of(), continuation(page));
        }
        String playlistId = cursor.containerId();
        if (cursor.continuation() == null && unchangedSinceLastTransfer(context, api, playlistId)) {
            return new ExportPage<>(List.of(), List.of(), null);
        }
        Page<Entry> page = api.playlistItems(playlistId, offset, limit);
        List<PlaylistTrack> tracks = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (int i = 0; i < page.items().size(); i++) {
            int position = offset + i;
            String id = playlistId + "/" + position;
            Entry entry = page.items().get(i);
            Playable item = entry.item();
            if (item == null) {
                rejected.add(new ExportPage.Rejected(id, "the entry at position " + position
                        + " is no longer available at Spotify"));
            } else if (item.isEpisode()) {
                rejected.add(new ExportPage.Rejected(id, "podcast episode '" + item.name() + "'"
                        + (item.showName() == null ? "" : " of '" + item.showName() + "'")
                        + " at position " + position + ": the playlists model holds music tracks only"));
            } else {
                boolean local = entry.local() || item.id() == null;
                tracks.add(new PlaylistTrack(id, position, local ? null : item.isrc(), item.name().isBlank() ? null : item.name(),
                        item.artists(), item.album(), item.durationMs(),
                        local ? Map.of() : Map.of(SpotifyConnector.PROVIDER, item.id())));
            }
        }
        return new ExportPage<Playlist, PlaylistTrack>(List.of(), tracks, continuation(page)).withRejected(rejected);
    }

    /**
     * Whether the playlist's {@code snapshot_id}, read before its entries are, is the one the last complete transfer
     * between the same accounts recorded; it is recorded for the next one either way.
     */
    private static boolean unchangedSinceLastTransfer(TransferContext context, SpotifyApi api, String playlistId)
            throws AdapterException {
        String snapshot = api.snapshotId(playlistId);
        if (snapshot.isEmpty()) {
            return false;
        }
        String feed = "/v1/playlists/" + playlistId;
        boolean unchanged = context.changeToken(feed).filter(snapshot::equals).isPresent();
        context.recordChangeToken(feed, snapshot);
        return unchanged;
    }

    /** Playlists carry no media. */
    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("Spotify playlists have no media to open (" + ref.uri() + ")");
    }

    private static String continuation(Page<?> page) {
        return page.nextOffset() == null ? null : Integer.toString(page.nextOffset());
    }

    private static int offsetOf(String continuation) throws AdapterException {
        if (continuation == null) {
            return 0;
        }
        if (!continuation.matches("\\d{1,9}")) {
            throw new AdapterException("'" + continuation + "' is not a Spotify page offset");
        }
        return Integer.parseInt(continuation);
    }
}
