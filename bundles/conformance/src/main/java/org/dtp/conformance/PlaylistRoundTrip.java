package org.dtp.conformance;

import org.dtp.conformance.FolderRoundTrip.Side;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.Vertical;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

/**
 * A folder of playlists (the local folder layout: the samples imported, beside them a player's M3U8) carried through a
 * storage adapter and back, as the engine sends them (a page's tracks in one batch to a {@link BatchImporter}): the
 * storage and the second folder must hold the same playlists with the same tracks in the same order; the same copy
 * again adds nothing.
 */
public final class PlaylistRoundTrip {
    /** A player's playlist directly in the folder, with no JSON of ours. */
    private static final String PLAYER_FILE = "Party.m3u8";
    private static final String PLAYER_TEXT = """
            #EXTM3U
            #PLAYLIST:Party
            #EXTINF:355,Queen - Bohemian Rhapsody
            music/Queen/Bohemian Rhapsody.flac
            #EXTINF:-1,Heroes
            https://radio.example/heroes.mp3
            #EXTINF:200,Earth, Wind & Fire - September
            music/September.mp3
            """;

    private PlaylistRoundTrip() {
    }

    /** {@code first} is a folder at {@code firstPath}, {@code second} an empty one, {@code storage} an empty account. */
    public static void check(Path firstPath, Side<Playlist, PlaylistTrack> first, Side<Playlist, PlaylistTrack> storage,
            Side<Playlist, PlaylistTrack> second) throws Exception {
        SampleData<Playlist, PlaylistTrack> data = SampleData.of(Vertical.PLAYLISTS);
        Transfers.seed(first.importer(), first.endpoint(), data);
        Files.writeString(firstPath.resolve(PLAYER_FILE), PLAYER_TEXT, StandardCharsets.UTF_8);

        copy(first, storage);
        copy(storage, second);

        List<String> want = playlists(first);
        assertEquals(data.boxes().size() + 1, want.size());
        assertEquals(want, playlists(storage));
        assertEquals(want, playlists(second));

        copy(first, storage);
        assertEquals("the same copy again adds nothing", want, playlists(storage));
    }

    /**
     * Every playlist of {@code from} into {@code to}, page by page as the engine sends them (keys from the source ids):
     * a page's tracks as one batch when the importer takes batches, the tracks after the prefix it stored one by one.
     */
    public static void copy(Side<Playlist, PlaylistTrack> from, Side<Playlist, PlaylistTrack> to) throws Exception {
        TestTransferContext source = new TestTransferContext(UUID.randomUUID(), from.endpoint());
        TestImportContext destination = new TestImportContext(UUID.randomUUID(), to.endpoint(), ref -> from.exporter().openMedia(source, ref));
        Importer<Playlist, PlaylistTrack> importer = to.importer();
        Map<String, String> created = new HashMap<>();
        for (ExportWalk.Step<Playlist, PlaylistTrack> step : ExportWalk.of(from.exporter(), source).steps()) {
            String here = step.cursor().containerId() == null ? null : created.get(step.cursor().containerId());
            for (Playlist playlist : step.page().containers()) {
                created.put(playlist.id(), importer.importContainer(destination, "container:" + playlist.id(), playlist, here));
            }
            List<PlaylistTrack> tracks = step.page().items();
            int stored = 0;
            if (importer instanceof BatchImporter<Playlist, PlaylistTrack> batches && !tracks.isEmpty()) {
                List<BatchImporter.Item<PlaylistTrack>> batch = new ArrayList<>();
                tracks.stream().limit(batches.batchSize()).forEach(t -> batch.add(new BatchImporter.Item<>(destination, "item:" + t.id(), t)));
                stored = batches.importItems(batch, here).size();
            }
            for (PlaylistTrack track : tracks.subList(stored, tracks.size())) {
                importer.importItem(destination, "item:" + track.id(), track, here);
            }
        }
    }

    /** Each playlist of a side with its tracks in their order, ids aside (each side names them its own way). */
    public static List<String> playlists(Side<Playlist, PlaylistTrack> side) throws Exception {
        ExportWalk<Playlist, PlaylistTrack> walk = ExportWalk.of(side.exporter(), new TestTransferContext(UUID.randomUUID(), side.endpoint()));
        List<String> out = new ArrayList<>();
        for (Playlist p : walk.containers()) {
            StringBuilder line = new StringBuilder(p.name() + " (" + p.description() + ", " + p.owner() + ", public " + p.publiclyVisible() + "):");
            for (PlaylistTrack t : walk.items().getOrDefault(p.id(), List.of())) {
                line.append("\n  ").append(t.position()).append(' ').append(t.title()).append(" / ").append(t.artists())
                        .append(" / ").append(t.album()).append(" / ").append(t.durationMs()).append(" / ").append(t.isrc())
                        .append(" / ").append(t.providerIds());
            }
            out.add(line.toString());
        }
        out.sort(null);
        return out;
    }

    /** What the exporter of {@code endpoint} gives, ids and all: two stores holding the same files give the same. */
    public static List<Object> export(Exporter<Playlist, PlaylistTrack> exporter, TransferEndpoint endpoint) throws Exception {
        ExportWalk<Playlist, PlaylistTrack> walk = ExportWalk.of(exporter, new TestTransferContext(UUID.randomUUID(), endpoint));
        List<Object> out = new ArrayList<>();
        walk.containers().stream().sorted(Comparator.comparing(Playlist::id)).forEach(p -> {
            out.add(p);
            out.addAll(walk.items().getOrDefault(p.id(), List.of()));
        });
        return out;
    }
}
