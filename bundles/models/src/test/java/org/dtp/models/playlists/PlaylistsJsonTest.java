package org.dtp.models.playlists;

import org.dtp.models.DataModel;
import org.dtp.models.ModelJsonContract;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class PlaylistsJsonTest extends ModelJsonContract {
    static Playlist playlist() {
        return new Playlist("pl-1", "Sommer – Lieblingslieder ☀️", "Für lange Abende", true, "zoë");
    }

    static PlaylistTrack track() {
        return new PlaylistTrack("pl-1:7", 7, "GBAYE0601498", "Señorita", List.of("Shawn Mendes", "Camila Cabello"),
                "Señorita (Single)", 190_799L, Map.of("spotify", "6v3KW9xbzN5yKLt9YKDYA2", "deezer", "716123252"));
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(playlist(), track());
    }

    @Test
    public void aTrackWithoutIsrcOrDurationRoundTrips() {
        PlaylistTrack t = new PlaylistTrack("pl-1:8", 8, null, "Ёлочка", List.of("Народная"), null, null, null);

        assertEquals(t, roundTrip(t));
    }

    @Test
    public void aNegativePositionIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new PlaylistTrack("x", -1, null, null, null, null, null, null));
    }

    @Test
    public void aNegativeDurationIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new PlaylistTrack("x", 0, null, null, null, null, -5L, null));
    }
}
