package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.adapters.spotify.fake.FakeSpotify.Episode;
import org.dtp.adapters.spotify.fake.FakeSpotify.LocalFile;
import org.dtp.adapters.spotify.fake.FakeSpotify.StoredPlaylist;
import org.dtp.adapters.spotify.fake.FakeSpotify.Track;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class SpotifyPlaylistExporterTest {
    private Fixture fixture;
    private String token;

    @Before
    public void setUp() throws Exception {
        fixture = new Fixture();
        token = fixture.spotify.addUser("ann", FakeSpotify.ALL_SCOPES);
    }

    @After
    public void tearDown() {
        fixture.close();
    }

    @Test
    public void validationAsksForASignIn() throws Exception {
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(fixture.connector(2));
        exporter.validate(fixture.source(UUID.randomUUID(), token).endpoint());
        try {
            exporter.validate(new TransferEndpoint("spotify", Map.of()));
            fail("no tokens, no transfer");
        } catch (InvalidEndpointException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("'authorization'"));
        }
    }

    @Test
    public void listsEveryPlaylistOverSeveralPages() throws Exception {
        for (int i = 0; i < 5; i++) {
            fixture.spotify.addPlaylist("ann", "List " + i, i == 0 ? "the first" : null, i % 2 == 0, List.of());
        }
        fixture.spotify.addPlaylist("bob", "Not ann's", null, true, List.of());
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(fixture.connector(2));
        TestTransferContext context = fixture.source(UUID.randomUUID(), token);

        List<Playlist> all = new ArrayList<>();
        List<String> continuations = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<Playlist, PlaylistTrack> page = exporter.export(context, new ExportCursor(null, continuation));
            assertTrue(page.items().isEmpty());
            all.addAll(page.containers());
            continuation = page.continuation();
            continuations.add(continuation);
        } while (continuation != null);

        assertEquals(Arrays.asList("2", "4", null), continuations);
        assertEquals(List.of("List 0", "List 1", "List 2", "List 3", "List 4"), all.stream().map(Playlist::name).toList());
        Playlist first = all.get(0);
        assertEquals("the first", first.description());
        assertTrue(first.publiclyVisible());
        assertEquals("Ann", first.owner());
        assertEquals(fixture.spotify.playlistsOf("ann").get(0).id, first.id());
        assertNull(all.get(1).description());
    }

    @Test
    public void exportsTracksWithTheirFieldsAndPositionsOverSeveralPages() throws Exception {
        List<Track> tracks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            tracks.add(fixture.spotify.addTrack("Song " + i, List.of("Artist " + i, "Guest"), "Album " + i,
                    180_000 + i, "USABC240000" + i));
        }
        StoredPlaylist playlist = fixture.spotify.addPlaylist("ann", "Mix", null, false, tracks);
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(fixture.connector(2));
        TestTransferContext context = fixture.source(UUID.randomUUID(), token);

        List<PlaylistTrack> exported = new ArrayList<>();
        int pages = 0;
        String continuation = null;
        do {
            ExportPage<Playlist, PlaylistTrack> page = exporter.export(context, new ExportCursor(playlist.id, continuation));
            exported.addAll(page.items());
            continuation = page.continuation();
            pages++;
        } while (continuation != null);

        assertEquals(3, pages);
        assertEquals(5, exported.size());
        for (int i = 0; i < 5; i++) {
            PlaylistTrack t = exported.get(i);
            assertEquals(playlist.id + "/" + i, t.id());
            assertEquals(i, t.position());
            assertEquals("USABC240000" + i, t.isrc());
            assertEquals("Song " + i, t.title());
            assertEquals(List.of("Artist " + i, "Guest"), t.artists());
            assertEquals("Album " + i, t.album());
            assertEquals(Long.valueOf(180_000 + i), t.durationMs());
            assertEquals(Map.of("spotify", tracks.get(i).id()), t.providerIds());
        }
    }

    @Test
    public void keepsLocalFilesAndReportsEpisodesAndVanishedEntries() throws Exception {
        Track song = fixture.spotify.addTrack("Song", List.of("Band"), "Record", 200_000, "GBXYZ2400001");
        StoredPlaylist playlist = fixture.spotify.addPlaylist("ann", "Mixed", null, false, Arrays.asList(
                song, new LocalFile("Home Demo", "Me", "Tapes", 95_000), new Episode("ep1", "Episode One", "The Show", 1_800_000),
                null));
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(fixture.connector(50));

        ExportPage<Playlist, PlaylistTrack> page = exporter.export(fixture.source(UUID.randomUUID(), token),
                new ExportCursor(playlist.id, null));

        assertEquals(2, page.items().size());
        PlaylistTrack local = page.items().get(1);
        assertEquals(1, local.position());
        assertEquals("Home Demo", local.title());
        assertEquals(List.of("Me"), local.artists());
        assertEquals("Tapes", local.album());
        assertEquals(Long.valueOf(95_000), local.durationMs());
        assertNull(local.isrc());
        assertTrue(local.providerIds().isEmpty());
        assertEquals(2, page.rejected().size());
        assertEquals(playlist.id + "/2", page.rejected().get(0).sourceId());
        assertTrue(page.rejected().get(0).reason(), page.rejected().get(0).reason().contains("podcast episode 'Episode One' of 'The Show'"));
        assertEquals(playlist.id + "/3", page.rejected().get(1).sourceId());
        assertTrue(page.rejected().get(1).reason().contains("no longer available"));
    }
}
