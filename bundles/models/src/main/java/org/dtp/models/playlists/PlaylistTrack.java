package org.dtp.models.playlists;

import org.dtp.models.ItemModel;
import org.dtp.models.Schema;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of a playlist. {@code id} names the entry, not the recording, since a playlist may hold
 * a track twice; {@code position} is its zero-based place. Destinations match the recording by
 * {@code isrc} first, then by title, artists, album and duration. {@code providerIds} maps a
 * provider (e.g. {@code spotify}) to the recording's id there.
 */
@Schema(name = "dtp.playlists.track")
public record PlaylistTrack(
        String id,
        int position,
        String isrc,
        String title,
        List<String> artists,
        String album,
        Long durationMs,
        Map<String, String> providerIds) implements ItemModel {

    public PlaylistTrack {
        Objects.requireNonNull(id, "id");
        if (position < 0) {
            throw new IllegalArgumentException("position must not be negative, was " + position);
        }
        if (durationMs != null && durationMs < 0) {
            throw new IllegalArgumentException("durationMs must not be negative, was " + durationMs);
        }
        artists = artists == null ? List.of() : List.copyOf(artists);
        providerIds = providerIds == null ? Map.of() : Map.copyOf(providerIds);
    }
}
