package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.TrackMatcher.Candidate;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.junit.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The matcher and the position record, without a server. */
public class UnitsTest {
    private final TrackMatcher matcher = new TrackMatcher("spotify", Duration.ofSeconds(3));

    private static PlaylistTrack source(String isrc, String title, List<String> artists, Long millis, Map<String, String> ids) {
        return new PlaylistTrack("p/0", 0, isrc, title, artists, "Album", millis, ids);
    }

    private static Candidate candidate(String id, String title, String artist, long millis, String isrc) {
        return new Candidate(id, "spotify:track:" + id, title, List.of(artist), "Album", millis, isrc);
    }

    @Test
    public void isrcMatchPrefersTheSourcesOwnIdThenTheLength() {
        List<Candidate> candidates = List.of(candidate("a", "X", "B", 100_000, "USAAA2400001"),
                candidate("b", "X", "B", 200_000, "USAAA2400001"), candidate("c", "X", "B", 200_000, "usaaa2400001"));
        assertEquals("b", matcher.byIsrc(source("US-AAA-24-00001", "X", List.of("B"), 200_500L, Map.of()), candidates)
                .orElseThrow().candidate().id());
        assertEquals("c", matcher.byIsrc(source("USAAA2400001", "X", List.of("B"), 200_500L, Map.of("spotify", "c")), candidates)
                .orElseThrow().candidate().id());
        assertTrue(matcher.byIsrc(source("not-an-isrc", "X", List.of("B"), null, Map.of()), candidates).isEmpty());
    }

    @Test
    public void titleMatchNeedsTheArtistAndALengthWithinTolerance() {
        List<Candidate> candidates = List.of(candidate("live", "Café del Mar - Live", "Énergie", 260_000, null),
                candidate("far", "Cafe del Mar", "Energie", 204_000, null),
                candidate("near", "Café del Mar - 2011 Remaster", "Énergie", 202_500, null),
                candidate("other", "Cafe del Mar", "Someone", 200_000, null));
        PlaylistTrack track = source(null, "cafe del mar", List.of("ENERGIE"), 200_000L, Map.of());
        assertEquals("near", matcher.byTitleAndArtist(track, candidates).orElseThrow().candidate().id());
        assertTrue(matcher.byTitleAndArtist(source(null, "Cafe del Mar", List.of("Nobody"), 200_000L, Map.of()), candidates).isEmpty());
        // Without a length only the same title will do.
        assertEquals("far", matcher.byTitleAndArtist(source(null, "Cafe del Mar", List.of("Energie"), null, Map.of()),
                candidates).orElseThrow().candidate().id());
    }

    @Test
    public void searchQueriesQuoteThePhrasesSafely() {
        PlaylistTrack track = source(null, "Say \"Hi\"\n", List.of("", "The Band"), null, Map.of());
        assertEquals("track:\"Say Hi\" artist:\"The Band\"", TrackMatcher.titleAndArtistQuery(track));
        assertEquals("isrc:USAAA2400001", TrackMatcher.isrcQuery("USAAA2400001"));
        assertFalse(TrackMatcher.hasTitleAndArtist(source(null, "Title", List.of(" "), null, Map.of())));
    }

    @Test
    public void positionSetsCountAndEncodeRanges() throws Exception {
        PositionSet set = PositionSet.EMPTY.with(0).with(1).with(3).with(2).with(7).with(5);
        assertEquals("0-3,5,7", set.encode());
        assertEquals(6, set.size());
        assertEquals(4, set.countBelow(5));
        assertEquals(5, set.countBelow(6));
        assertTrue(set.contains(5));
        assertFalse(set.contains(6));
        assertEquals(set.encode(), PositionSet.parse(set.encode()).encode());
        assertEquals(0, PositionSet.parse(null).size());
        for (String damaged : List.of("3-1", "1,1", "0-2,3", "a", "-1")) {
            try {
                PositionSet.parse(damaged);
                fail(damaged + " is not a record");
            } catch (AdapterException expected) {
                // the message says the record is damaged
            }
        }
    }
}
