package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

/** A playlist whose snapshot_id has not changed since the last complete transfer is not listed again. */
public class SpotifyChangeFeedTest {
    private Fixture fixture;
    private String token;
    private FakeSpotify.StoredPlaylist road;

    @Before
    public void setUp() throws Exception {
        fixture = new Fixture();
        token = fixture.spotify.addUser("ann", FakeSpotify.ALL_SCOPES);
        FakeSpotify.Track one = fixture.spotify.addTrack("One", List.of("U2"), "Achtung Baby", 276_000, "GBUM71029604");
        FakeSpotify.Track two = fixture.spotify.addTrack("Two", List.of("Ann"), "Numbers", 200_000, "USRC17607839");
        road = fixture.spotify.addPlaylist("ann", "Road", null, true, List.of(one, two, one));
        fixture.spotify.addPlaylist("ann", "Quiet", null, false, List.of(two, two));
        fixture.spotify.addPlaylist("ann", "Empty", null, false, List.of());
    }

    @After
    public void tearDown() {
        fixture.close();
    }

    private TestTransferContext run(Map<String, String> previous) {
        return fixture.source(UUID.randomUUID(), token).rememberingChangeTokens(previous);
    }

    private List<String> tracks(TestTransferContext context) throws Exception {
        return ExportWalk.of(new SpotifyPlaylistExporter(fixture.connector(2)), context).allItems().stream()
                .map(PlaylistTrack::id).sorted().toList();
    }

    @Test
    public void onlyThePlaylistsChangedSinceTheLastCompleteTransferAreListed() throws Exception {
        TestTransferContext first = run(Map.of());
        assertEquals(5, tracks(first).size());
        assertEquals("a snapshot per playlist", 3, first.recordedChangeTokens().size());

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of(), tracks(second));

        fixture.spotify.append(road, fixture.spotify.addTrack("Three", List.of("Bob"), "Numbers", 180_000, "USRC17607840"));
        TestTransferContext third = run(second.recordedChangeTokens());
        assertEquals(List.of(road.id + "/0", road.id + "/1", road.id + "/2", road.id + "/3"), tracks(third));
        assertEquals(List.of(), tracks(run(third.recordedChangeTokens())));
    }

    @Test
    public void bothSidesNameTheAccountByTheSpotifyUserId() throws Exception {
        String bob = fixture.spotify.addUser("bob", FakeSpotify.ALL_SCOPES);
        SpotifyConnector connector = fixture.connector(2);
        assertEquals(Optional.of("ann"), new SpotifyPlaylistExporter(connector).accountId(fixture.source(UUID.randomUUID(), token)));
        assertEquals(Optional.of("ann"), new SpotifyPlaylistImporter(connector).accountId(fixture.destination(UUID.randomUUID(), token)));
        assertNotEquals(new SpotifyPlaylistExporter(connector).accountId(fixture.source(UUID.randomUUID(), token)),
                new SpotifyPlaylistExporter(connector).accountId(fixture.source(UUID.randomUUID(), bob)));
    }
}
