package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.adapters.spotify.fake.FakeSpotify.StoredPlaylist;
import org.dtp.adapters.spotify.fake.FakeSpotify.Track;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class SpotifyPlaylistImporterTest {
    private static final Playlist SOURCE = new Playlist("src-1", "Road trip", "Songs for the car", false, "ann");

    private Fixture fixture;
    private String token;
    private UUID job;
    private TestImportContext context;
    private SpotifyPlaylistImporter importer;

    @Before
    public void setUp() throws Exception {
        fixture = new Fixture();
        token = fixture.spotify.addUser("bob", FakeSpotify.IMPORT_SCOPES);
        job = UUID.randomUUID();
        context = fixture.destination(job, token);
        importer = new SpotifyPlaylistImporter(fixture.connector(50));
    }

    @After
    public void tearDown() {
        fixture.close();
    }

    private StoredPlaylist stored(String id) {
        return fixture.spotify.playlistsOf("bob").stream().filter(p -> p.id.equals(id)).findFirst().orElseThrow();
    }

    private static PlaylistTrack track(int position, String isrc, String title, String artist, String album, Long millis) {
        return new PlaylistTrack("src-1/" + position, position, isrc, title, List.of(artist), album, millis, Map.of());
    }

    @Test
    public void createsAPrivatePlaylistWithItsDescriptionAndAMarker() throws Exception {
        String id = importer.importContainer(context, "c:src-1", SOURCE, null);

        StoredPlaylist created = stored(id);
        assertEquals("Road trip", created.name);
        assertFalse(created.publiclyVisible);
        assertTrue(created.description, created.description.startsWith("Songs for the car (dtp-"));
        assertTrue(created.description.contains(SpotifyPlaylistImporter.markerOf(job, "c:src-1")));
    }

    @Test
    public void findsItsPlaylistAgainForTheSameKeyAndNeverForAnotherJob() throws Exception {
        String first = importer.importContainer(context, "c:src-1", SOURCE, null);
        fixture.spotify.addPlaylist("bob", "Road trip", "bob's own, same name", false, List.of());

        String again = new SpotifyPlaylistImporter(fixture.connector(1)).importContainer(context, "c:src-1", SOURCE, null);
        String otherJob = importer.importContainer(fixture.destination(UUID.randomUUID(), token), "c:src-1", SOURCE, null);

        assertEquals(first, again);
        assertNotEquals(first, otherJob);
        assertEquals(3, fixture.spotify.playlistsOf("bob").size());
    }

    @Test
    public void matchesByIsrcFirst() throws Exception {
        Track wanted = fixture.spotify.addTrack("Song (Remastered)", List.of("Band"), "Best Of", 201_000, "USRC17607839");
        fixture.spotify.addTrack("Song", List.of("Band"), "Record", 200_000, "USRC17600001");
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);

        importer.importItem(context, "i:0", track(0, "USRC17607839", "Song", "Band", "Record", 200_000L), playlist);

        assertEquals(List.of(wanted.uri()), stored(playlist).uris());
        assertEquals(1, fixture.spotify.searches());
        assertEquals(List.of("album"), context.notKept().stream().map(TestImportContext.NotKept::field).toList());
    }

    @Test
    public void fallsBackToTitleArtistAndDurationWithinTolerance() throws Exception {
        fixture.spotify.addTrack("Harbour Lights - Live", List.of("The Tides"), "Live at Home", 260_000, "GBAAA2400001");
        Track studio = fixture.spotify.addTrack("Harbour Lights", List.of("The Tides"), "Harbour", 212_500, "GBAAA2400002");
        fixture.spotify.addTrack("Harbour Lights", List.of("Someone Else"), "Covers", 210_000, "GBAAA2400003");
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);

        importer.importItem(context, "i:0", track(0, "DEXXX9900001", "Harbour Lights", "the tides", "Harbour", 210_000L), playlist);

        assertEquals(List.of(studio.uri()), stored(playlist).uris());
        assertEquals(2, fixture.spotify.searches());
        List<TestImportContext.NotKept> notKept = context.notKept();
        assertEquals(1, notKept.size());
        assertEquals("isrc", notKept.get(0).field());
        assertTrue(notKept.get(0).reason().contains("DEXXX9900001"));
    }

    @Test
    public void anUnmatchedTrackIsAnItemErrorWithItsReason() throws Exception {
        fixture.spotify.addTrack("Harbour Lights", List.of("The Tides"), "Harbour", 222_000, "GBAAA2400002");
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);

        try {
            importer.importItem(context, "i:0", track(0, null, "Harbour Lights", "The Tides", null, 210_000L), playlist);
            fail("a track 12 s longer is not the same recording");
        } catch (ItemRejectedException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("'Harbour Lights' by The Tides"));
            assertTrue(e.getMessage(), e.getMessage().contains("within 3 s of its length 3:30"));
        }
        assertTrue(stored(playlist).uris().isEmpty());
    }

    @Test
    public void keepsTheSourceOrderWhateverOrderTracksArriveIn() throws Exception {
        Track[] t = new Track[4];
        for (int i = 0; i < 4; i++) {
            t[i] = fixture.spotify.addTrack("Song " + i, List.of("Band"), "Record", 200_000, "USAAA240000" + i);
        }
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);

        importer.importItem(context, "i:0", track(0, t[0].isrc(), "Song 0", "Band", "Record", 200_000L), playlist);
        importer.importItem(context, "i:3", track(3, t[3].isrc(), "Song 3", "Band", "Record", 200_000L), playlist);
        importer.importItem(context, "i:1", track(1, t[1].isrc(), "Song 1", "Band", "Record", 200_000L), playlist);
        // position 2 is missing (unmatched at the source side); 4 comes last
        Track last = fixture.spotify.addTrack("Song 4", List.of("Band"), "Record", 200_000, "USAAA2400004");
        importer.importItem(context, "i:4", track(4, last.isrc(), "Song 4", "Band", "Record", 200_000L), playlist);

        assertEquals(List.of(t[0].uri(), t[1].uri(), t[3].uri(), last.uri()), stored(playlist).uris());
    }

    @Test
    public void reImportingTheSameKeyAddsNothing() throws Exception {
        Track song = fixture.spotify.addTrack("Song", List.of("Band"), "Record", 200_000, "USAAA2400001");
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);
        PlaylistTrack item = track(0, song.isrc(), "Song", "Band", "Record", 200_000L);

        String first = importer.importItem(context, "i:0", item, playlist);
        String again = importer.importItem(context, "i:0", item, playlist);
        String fresh = new SpotifyPlaylistImporter(fixture.connector(50)).importItem(context, "i:0", item, playlist);

        assertEquals(first, again);
        assertEquals(first, fresh);
        assertEquals(List.of(song.uri()), stored(playlist).uris());
        assertEquals(1, fixture.spotify.adds());
    }

    @Test
    public void anAddWhoseRecordWasLostIsFoundInThePlaylist() throws Exception {
        Track a = fixture.spotify.addTrack("A", List.of("Band"), "Record", 200_000, "USAAA2400001");
        Track b = fixture.spotify.addTrack("B", List.of("Band"), "Record", 200_000, "USAAA2400002");
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);
        importer.importItem(context, "i:0", track(0, a.isrc(), "A", "Band", "Record", 200_000L), playlist);
        Map<String, String> before = new HashMap<>(context.endpoint().settings());
        importer.importItem(context, "i:1", track(1, b.isrc(), "B", "Band", "Record", 200_000L), playlist);

        // A crash between the add and its record: another node resumes with the settings as they were before it.
        TestImportContext resumed = new TestImportContext(job, new TransferEndpoint("spotify", before), ref -> null);
        SpotifyPlaylistImporter otherNode = new SpotifyPlaylistImporter(fixture.connector(50));
        otherNode.importItem(resumed, "i:1", track(1, b.isrc(), "B", "Band", "Record", 200_000L), playlist);
        otherNode.importItem(resumed, "i:1", track(1, b.isrc(), "B", "Band", "Record", 200_000L), playlist);

        assertEquals(List.of(a.uri(), b.uri()), stored(playlist).uris());
        assertEquals(2, fixture.spotify.adds());
        assertEquals("0-1", resumed.endpoint().settings().get(SpotifyPlaylistImporter.POSITIONS + playlist));
    }

    @Test
    public void aTokenWithReadScopesOnlyCannotCreate() throws Exception {
        String reader = fixture.spotify.addUser("carl", Set.of("playlist-read-private", "playlist-read-collaborative"));
        try {
            importer.importContainer(fixture.destination(job, reader), "c:src-1", SOURCE, null);
            fail("an export grant cannot write");
        } catch (AuthorizationRefusedException e) {
            assertEquals(403, e.status());
            assertEquals("Insufficient client scope", e.providerMessage());
        }
        assertTrue(fixture.spotify.playlistsOf("carl").isEmpty());
    }

    @Test
    public void aTrackTwiceInARowIsAddedTwice() throws Exception {
        Track song = fixture.spotify.addTrack("Song", List.of("Band"), "Record", 200_000, "USAAA2400001");
        String playlist = importer.importContainer(context, "c:src-1", SOURCE, null);

        importer.importItem(context, "i:0", track(0, song.isrc(), "Song", "Band", "Record", 200_000L), playlist);
        importer.importItem(context, "i:1", track(1, song.isrc(), "Song", "Band", "Record", 200_000L), playlist);

        assertEquals(List.of(song.uri(), song.uri()), stored(playlist).uris());
    }
}
