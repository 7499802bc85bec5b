package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.adapters.spotify.fake.FakeSpotify.Episode;
import org.dtp.adapters.spotify.fake.FakeSpotify.StoredPlaylist;
import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SPI conformance kit on the Spotify adapter against the fake Spotify: a new Spotify user per test, two entries
 * per page, and a catalogue that holds every sample recording (an importer adds recordings Spotify has, it makes none).
 */
public class SpotifyConformanceTest extends AdapterConformanceTest<Playlist, PlaylistTrack> {
    private static final AtomicInteger USERS = new AtomicInteger();
    private Fixture f;
    /** The user of the test's account. */
    private String user;

    @Before
    public void startFake() throws Exception {
        f = new Fixture();
        for (PlaylistTrack t : samples().items()) {
            f.spotify.addTrack(t.title(), t.artists(), t.album(), t.durationMs(), t.isrc());
        }
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.PLAYLISTS;
    }

    @Override
    protected TransferEndpoint newAccount() {
        user = "conformance" + USERS.incrementAndGet();
        String token = f.spotify.addUser(user, FakeSpotify.ALL_SCOPES);
        return new TransferEndpoint(SpotifyConnector.PROVIDER, f.tokens(token));
    }

    /**
     * A playlist's owner is the account it is in, and a track's Spotify id is the recording's in Spotify's catalogue:
     * Spotify sets both, the samples have neither.
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("owner", "providerIds.spotify");
    }

    /** A recording Spotify does not have: no ISRC, and no track of its title and artist in the catalogue. */
    @Override
    protected PlaylistTrack unacceptableItem() {
        return new PlaylistTrack("p1-missing", 2, null, "A song nobody recorded", List.of("Nobody"), null, 200_000L, Map.of());
    }

    /** A podcast episode in a playlist of its own: the playlists model holds music tracks only. */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<Playlist, PlaylistTrack> data) {
        StoredPlaylist podcasts = f.spotify.addPlaylist(user, "Podcasts", null, false,
                List.of(new Episode("ep-conformance", "Episode one", "The Show", 1_800_000)));
        return podcasts.id + "/0";
    }

    @Override
    protected Exporter<Playlist, PlaylistTrack> newExporter() {
        return new SpotifyPlaylistExporter(f.connector(2));
    }

    @Override
    protected Importer<Playlist, PlaylistTrack> newImporter() {
        return new SpotifyPlaylistImporter(f.connector(2));
    }
}
