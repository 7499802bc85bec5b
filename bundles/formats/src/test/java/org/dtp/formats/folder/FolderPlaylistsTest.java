package org.dtp.formats.folder;

import org.dtp.formats.playlists.PlaylistFormat;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferEndpoint;
import org.junit.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** Playlists in the folder layout on a tree held in memory: files, order, batches, repeats, players' files. */
public class FolderPlaylistsTest {
    private static final Playlist MIX = new Playlist("sp:1", "Road trip", "For the A7", true, "ann");

    private static PlaylistTrack track(int position, String title) {
        return new PlaylistTrack("t" + position, position, null, title, List.of("Artist " + position), null,
                (long) position * 1000, Map.of());
    }

    private final MemoryTree tree = new MemoryTree();
    private final FolderPlaylists playlists = new FolderPlaylists();

    private static TestImportContext context(Map<String, String> settings) {
        return new TestImportContext(UUID.randomUUID(), new TransferEndpoint("memory", settings), ref -> InputStream.nullInputStream());
    }

    private List<String> importTracks(TestImportContext context, String playlist, PlaylistTrack... tracks) throws Exception {
        List<BatchImporter.Item<PlaylistTrack>> items = new ArrayList<>();
        for (PlaylistTrack t : tracks) {
            items.add(new BatchImporter.Item<>(context, "i:" + t.id(), t));
        }
        return playlists.importTracks(tree, items, playlist);
    }

    private List<String> exportedTitles(String playlist, int pageSize) throws Exception {
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("memory", Map.of()));
        List<String> titles = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<Playlist, PlaylistTrack> page = playlists.export(tree, context,
                    new ExportCursor(playlist, continuation), pageSize);
            page.items().forEach(t -> titles.add(t.title()));
            continuation = page.continuation();
        } while (continuation != null);
        return titles;
    }

    @Test
    public void aPlaylistIsItsJsonWithM3u8AndXspfBesideAndItsTracksKeepTheirOrder() throws Exception {
        TestImportContext context = context(Map.of());
        String id = playlists.importContainer(tree, context, "c:sp:1", MIX);
        importTracks(context, id, track(0, "One"), track(1, "Two"));
        importTracks(context, id, track(3, "Four"));
        importTracks(context, id, track(2, "Three")); // a late one goes to its place

        assertEquals("Road trip.json", id);
        assertEquals(List.of("Road trip.json", "Road trip.m3u8", "Road trip.xspf"), List.copyOf(tree.files.keySet()));
        assertTrue(tree.text(id).contains("\"format\" : \"dtp.localfs.playlist\""));
        assertTrue(tree.text("Road trip.m3u8"), tree.text("Road trip.m3u8").startsWith("#EXTM3U\n#PLAYLIST:Road trip\n#EXTINF:0,Artist 0 - One\n"));
        assertEquals(List.of("One", "Two", "Three", "Four"), exportedTitles(id, 3));
        assertEquals(List.of(), context.notKept()); // the JSON holds everything
    }

    @Test
    public void aBatchWritesEachFileOnceAndARepeatWritesNothing() throws Exception {
        TestImportContext context = context(Map.of());
        String id = playlists.importContainer(tree, context, "c:sp:1", MIX);
        tree.puts.clear();
        List<String> ids = importTracks(context, id, track(0, "One"), track(1, "Two"), track(2, "Three"));
        assertEquals(List.of("Road trip.json", "Road trip.m3u8", "Road trip.xspf"), tree.puts);

        tree.puts.clear();
        assertEquals(id, playlists.importContainer(tree, context, "c:sp:1", MIX));
        assertEquals(ids, importTracks(context, id, track(0, "One"), track(1, "Two"), track(2, "Three")));
        assertEquals(ids.get(1), playlists.importItem(tree, context, "i:t1", track(1, "Two"), id));
        assertEquals(List.of(), tree.puts);
        assertEquals(List.of("One", "Two", "Three"), exportedTitles(id, 100));
    }

    @Test
    public void aPlayerFileLostAfterItsDocumentIsWrittenAgainOnTheRetry() throws Exception {
        TestImportContext context = context(Map.of());
        String id = playlists.importContainer(tree, context, "c:sp:1", MIX);
        importTracks(context, id, track(0, "One"));
        byte[] xspf = tree.files.remove("Road trip.xspf");
        tree.puts.clear();

        importTracks(context, id, track(0, "One"));

        assertEquals(List.of("Road trip.xspf"), tree.puts);
        assertEquals(new String(xspf, StandardCharsets.UTF_8), tree.text("Road trip.xspf"));
    }

    @Test
    public void anotherPlaylistOfTheSameNameIsNumberedAndAPlayersFileIsNotOverwritten() throws Exception {
        tree.put("Road trip.m3u8", "#EXTM3U\nsong.mp3\n".getBytes(StandardCharsets.UTF_8), null);
        TestImportContext context = context(Map.of());

        assertEquals("Road trip (2).json", playlists.importContainer(tree, context, "c:sp:1", MIX));
        assertEquals("Road trip (3).json", playlists.importContainer(tree, context, "c:sp:2", MIX));
        assertEquals("#EXTM3U\nsong.mp3\n", tree.text("Road trip.m3u8"));
    }

    @Test
    public void playersFilesAreReadWhereThereIsNoJsonXspfBeforeM3u() throws Exception {
        tree.put("Party.m3u", "#EXTM3U\n#EXTINF:200,Queen - Under Pressure\nmusic/pressure.flac\n".getBytes(StandardCharsets.UTF_8), null);
        tree.put("Party.xspf", ("<?xml version=\"1.0\"?><playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"><title>Party!</title>"
                + "<trackList><track><title>Heroes</title><creator>David Bowie</creator></track></trackList></playlist>")
                .getBytes(StandardCharsets.UTF_8), null);
        tree.put("Walk.m3u", "#EXTM3U\n#EXTINF:200,Queen - Under Pressure\nmusic/pressure.flac\n".getBytes(StandardCharsets.UTF_8), null);
        tree.put("notes.json", "{\"not\": \"a playlist\"}".getBytes(StandardCharsets.UTF_8), null);
        tree.put("Album/cover.jpg.dtp.json", "{}".getBytes(StandardCharsets.UTF_8), null);

        ExportPage<Playlist, PlaylistTrack> root = playlists.export(tree,
                new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("memory", Map.of())), ExportCursor.root(), 100);

        assertEquals(List.of("Party.xspf:Party!", "Walk.m3u:Walk"), root.containers().stream().map(p -> p.id() + ":" + p.name()).toList());
        assertEquals(List.of("Heroes"), exportedTitles("Party.xspf", 100));
        PlaylistTrack walk = playlists.export(tree, new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("memory", Map.of())),
                new ExportCursor("Walk.m3u", null), 100).items().get(0);
        assertEquals(List.of("Walk.m3u#0", "Under Pressure", List.of("Queen"), 200_000L, Map.of("localfs", "music/pressure.flac")),
                List.of(walk.id(), walk.title(), walk.artists(), walk.durationMs(), walk.providerIds()));
    }

    @Test
    public void playerFilesOnlyKeepTheDocumentHiddenAndReportWhatTheyCannotHold() throws Exception {
        TestImportContext context = context(Map.of(PlaylistFormat.SETTING, "m3u8"));
        String id = playlists.importContainer(tree, context, "c:sp:1", MIX);
        importTracks(context, id, track(0, "One"));

        assertEquals(".Road trip.dtp-playlist.json", id);
        assertEquals(List.of(".Road trip.dtp-playlist.json", "Road trip.m3u8"), List.copyOf(tree.files.keySet()));
        assertEquals(List.of("description", "owner", "publiclyVisible"), context.notKept().stream().map(TestImportContext.NotKept::field).toList());
        ExportPage<Playlist, PlaylistTrack> root = playlists.export(tree,
                new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("memory", Map.of())), ExportCursor.root(), 100);
        assertEquals(List.of("Road trip.m3u8"), root.containers().stream().map(Playlist::id).toList());
        assertNull(root.continuation());
    }
}
