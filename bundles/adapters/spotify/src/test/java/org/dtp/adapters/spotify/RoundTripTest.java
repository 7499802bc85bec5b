package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.adapters.spotify.fake.FakeSpotify.Episode;
import org.dtp.adapters.spotify.fake.FakeSpotify.LocalFile;
import org.dtp.adapters.spotify.fake.FakeSpotify.StoredPlaylist;
import org.dtp.adapters.spotify.fake.FakeSpotify.Track;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * One account's playlists to another's, page by page as the engine copies (containers, then their items in order,
 * transient failures retried after their Retry-After), with tokens expiring and Spotify pushing back on the way.
 */
public class RoundTripTest {
    private Fixture fixture;
    private String annToken;
    private String bobToken;
    private final List<String> itemErrors = new ArrayList<>();
    private final List<String> unreadable = new ArrayList<>();
    private int transientFailures;

    @FunctionalInterface
    private interface Call<T> {
        T run() throws AdapterException;
    }

    @Before
    public void setUp() throws Exception {
        fixture = new Fixture();
        annToken = fixture.spotify.addUser("ann", FakeSpotify.ALL_SCOPES);
        bobToken = fixture.spotify.addUser("bob", FakeSpotify.ALL_SCOPES);
    }

    @After
    public void tearDown() {
        fixture.close();
    }

    @Test
    public void playlistsArriveInOrderWithMatchedTracksAndEveryMissOnRecord() throws Exception {
        FakeSpotify s = fixture.spotify;
        Track t0 = s.addTrack("Opening", List.of("Alpha"), "First", 180_000, "USAAA2400001");
        Track demo = s.addTrack("Home Demo", List.of("Me"), "Tapes", 96_000, null);
        Track t1 = s.addTrack("Middle", List.of("Beta", "Gamma"), "Second", 240_000, "USAAA2400002");
        Track t2 = s.addTrack("Closing", List.of("Delta"), "Third", 300_000, "USAAA2400003");
        Track other = s.addTrack("Other", List.of("Eps"), "Fourth", 100_000, "USAAA2400004");
        StoredPlaylist trip = s.addPlaylist("ann", "Road trip", "Songs for the car", true, java.util.Arrays.asList(
                t0, new LocalFile("Home Demo", "Me", "Tapes", 95_000), new Episode("ep1", "Talk", "The Show", 1_000_000),
                t1, new LocalFile("Never Released", "Nobody", "None", 120_000), t2, t0));
        StoredPlaylist small = s.addPlaylist("ann", "Small", null, false, List.of(other));
        UUID job = UUID.randomUUID();
        TestTransferContext source = fixture.source(job, annToken);
        TestImportContext destination = fixture.destination(job, bobToken);

        Map<String, String> copies = copy(new SpotifyPlaylistExporter(fixture.connector(2)),
                new SpotifyPlaylistImporter(fixture.connector(2)), source, destination, true);

        StoredPlaylist tripCopy = bobs(copies.get(trip.id));
        assertEquals("Road trip", tripCopy.name);
        assertTrue(tripCopy.publiclyVisible);
        assertTrue(tripCopy.description.startsWith("Songs for the car (dtp-"));
        assertEquals(List.of(t0.uri(), demo.uri(), t1.uri(), t2.uri(), t0.uri()), tripCopy.uris());
        assertEquals(List.of(other.uri()), bobs(copies.get(small.id)).uris());
        assertEquals(1, itemErrors.size());
        assertTrue(itemErrors.get(0), itemErrors.get(0).startsWith(trip.id + "/4: no Spotify track matches track 5 'Never Released' by Nobody"));
        assertEquals(1, unreadable.size());
        assertTrue(unreadable.get(0), unreadable.get(0).startsWith(trip.id + "/2: podcast episode 'Talk'"));
        assertTrue("both accounts' tokens were refreshed", s.refreshes() >= 2);
        assertTrue("Spotify's 429s were met", transientFailures >= 2);
        assertEquals("same albums, ISRCs where the source had one", List.of(), destination.notKept());
        int adds = s.adds();

        // The whole job again with the same keys, on a fresh importer (a resume elsewhere): nothing new at Spotify.
        Map<String, String> again = copy(new SpotifyPlaylistExporter(fixture.connector(50)),
                new SpotifyPlaylistImporter(fixture.connector(50)), source, destination, false);
        assertEquals(copies, again);
        assertEquals(adds, s.adds());
        assertEquals(2, s.playlistsOf("bob").size());
        assertEquals(List.of(t0.uri(), demo.uri(), t1.uri(), t2.uri(), t0.uri()), bobs(copies.get(trip.id)).uris());
    }

    private StoredPlaylist bobs(String id) {
        return fixture.spotify.playlistsOf("bob").stream().filter(p -> p.id.equals(id)).findFirst().orElseThrow();
    }

    /** Copies like the engine: every playlist, then its pages of items in order; returns source → copy ids. */
    private Map<String, String> copy(SpotifyPlaylistExporter exporter, SpotifyPlaylistImporter importer,
                                     TestTransferContext source, TestImportContext destination, boolean disturb)
            throws Exception {
        itemErrors.clear();
        unreadable.clear();
        Map<String, String> copies = new LinkedHashMap<>();
        String continuation = null;
        do {
            String at = continuation;
            ExportPage<Playlist, PlaylistTrack> page = retried(() -> exporter.export(source, new ExportCursor(null, at)));
            for (Playlist playlist : page.containers()) {
                copies.put(playlist.id(), retried(() -> importer.importContainer(destination, "c:" + playlist.id(), playlist, null)));
            }
            continuation = page.continuation();
        } while (continuation != null);
        int pages = 0;
        for (Map.Entry<String, String> copy : copies.entrySet()) {
            String next = null;
            do {
                String at = next;
                ExportPage<Playlist, PlaylistTrack> page = retried(() -> exporter.export(source, new ExportCursor(copy.getKey(), at)));
                page.rejected().forEach(r -> unreadable.add(r.sourceId() + ": " + r.reason()));
                for (PlaylistTrack track : page.items()) {
                    try {
                        retried(() -> importer.importItem(destination, "i:" + track.id(), track, copy.getValue()));
                    } catch (ItemRejectedException e) {
                        itemErrors.add(track.id() + ": " + e.getMessage());
                    }
                }
                if (disturb && ++pages == 1) {
                    fixture.spotify.expireAccessTokens();
                    fixture.spotify.failNext(2, 429, "1");
                }
                next = page.continuation();
            } while (next != null);
        }
        return copies;
    }

    private <T> T retried(Call<T> call) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.run();
            } catch (TransientAdapterException e) {
                if (attempt == 5) {
                    throw e;
                }
                transientFailures++;
                Thread.sleep(e.retryAfter().map(d -> d.toMillis()).orElse(100L));
            }
        }
    }
}
