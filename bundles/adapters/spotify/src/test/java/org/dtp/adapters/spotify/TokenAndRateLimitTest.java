package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.adapters.spotify.fake.FakeSpotify.StoredPlaylist;
import org.dtp.adapters.spotify.fake.FakeSpotify.Track;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class TokenAndRateLimitTest {
    private Fixture fixture;
    private String token;
    private StoredPlaylist playlist;

    @Before
    public void setUp() throws Exception {
        fixture = new Fixture();
        token = fixture.spotify.addUser("ann", FakeSpotify.ALL_SCOPES);
        List<Track> tracks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tracks.add(fixture.spotify.addTrack("Song " + i, List.of("Band"), "Record", 200_000, "USAAA240000" + i));
        }
        playlist = fixture.spotify.addPlaylist("ann", "Mix", null, false, tracks);
    }

    @After
    public void tearDown() {
        fixture.close();
    }

    @Test
    public void anExpiredTokenIsRefreshedMidTransferAndKeptInTheJob() throws Exception {
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(fixture.connector(2));
        TestTransferContext context = fixture.source(UUID.randomUUID(), token);
        String refreshToken = context.endpoint().settings().get(AuthorizationFlows.REFRESH_TOKEN);

        ExportPage<Playlist, PlaylistTrack> first = exporter.export(context, new ExportCursor(playlist.id, null));
        fixture.spotify.expireAccessTokens(); // before the expiry the job knows of: Spotify answers 401
        ExportPage<Playlist, PlaylistTrack> second = exporter.export(context, new ExportCursor(playlist.id, first.continuation()));

        assertEquals(List.of(2, 3), second.items().stream().map(PlaylistTrack::position).toList());
        assertEquals(1, fixture.spotify.refreshes());
        Map<String, String> settings = context.endpoint().settings();
        assertNotEquals(token, settings.get(AuthorizationFlows.ACCESS_TOKEN));
        assertNotEquals("the rotated refresh token is kept", refreshToken, settings.get(AuthorizationFlows.REFRESH_TOKEN));

        // A later page, as on another node after a restart: the job's tokens work without another refresh.
        exporter.export(new TestTransferContext(context.jobId(), context.endpoint()), new ExportCursor(null, null));
        assertEquals(1, fixture.spotify.refreshes());
    }

    @Test
    public void aTokenThatCannotBeRefreshedIsARefusal() throws Exception {
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(fixture.connector(2));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("spotify",
                Map.of(AuthorizationFlows.ACCESS_TOKEN, "revoked-token")));
        try {
            exporter.export(context, ExportCursor.root());
            fail("an unknown token without a refresh token cannot go on");
        } catch (AuthorizationRefusedException e) {
            assertEquals(401, e.status());
            assertEquals("Invalid access token", e.providerMessage());
            assertFalse(e.getMessage().contains("revoked-token"));
        }
    }

    @Test
    public void a429IsTransientWithItsRetryAfterAndHoldsTheNextRequests() throws Exception {
        SpotifyConnector connector = fixture.connector(2);
        SpotifyPlaylistExporter exporter = new SpotifyPlaylistExporter(connector);
        TestTransferContext context = fixture.source(UUID.randomUUID(), token);
        fixture.spotify.failNext(1, 429, "1");

        try {
            exporter.export(context, new ExportCursor(playlist.id, null));
            fail("a 429 is not a page");
        } catch (TransientAdapterException e) {
            assertEquals(Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        }
        long started = System.nanoTime();
        ExportPage<Playlist, PlaylistTrack> page = exporter.export(context, new ExportCursor(playlist.id, null));
        long waitedMillis = (System.nanoTime() - started) / 1_000_000;

        assertEquals(2, page.items().size());
        assertTrue("the retry waited " + waitedMillis + " ms", waitedMillis >= 900);
        assertEquals(1, connector.rateLimiter().throttles());
    }
}
