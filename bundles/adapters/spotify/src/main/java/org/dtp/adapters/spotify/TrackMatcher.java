package org.dtp.adapters.spotify;

import org.dtp.models.playlists.PlaylistTrack;

import java.text.Normalizer;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Picks the destination recording for a {@link PlaylistTrack} among a catalogue's search results. By ISRC first
 * (ISO 3901 identifies the recording): a candidate with the same ISRC, preferring the one whose id the source gave for
 * this provider, then one within the duration tolerance. Else by title and artist: the title the same once case,
 * accents and punctuation are set aside (or the one title the start of the other, for "Song - 2011 Remaster"), one
 * artist in common, and the length within the tolerance; when the source has no length, the title must be the same
 * exactly. Among several, the closest: same title, same album, smallest difference in length. Pure and thread-safe.
 */
final class TrackMatcher {
    /** A catalogue's track, as a search answered it. */
    record Candidate(String id, String uri, String title, List<String> artists, String album, Long durationMs,
                     String isrc) {
    }

    /** How a match was found. */
    enum Method { ISRC, TITLE_AND_ARTIST }

    /** A candidate chosen, and how. */
    record Match(Candidate candidate, Method method) {
    }

    /** ISO 3901: country (2 letters), registrant (3 alphanumerics), year (2 digits), designation (5 digits). */
    private static final Pattern ISRC = Pattern.compile("[A-Z]{2}[A-Z0-9]{3}[0-9]{7}");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^\\p{L}\\p{N}]+");

    private final String provider;
    private final Duration tolerance;

    /** @param provider the destination's provider id, the key of {@link PlaylistTrack#providerIds()} to prefer */
    TrackMatcher(String provider, Duration tolerance) {
        this.provider = provider;
        this.tolerance = tolerance;
    }

    /** The track's ISRC when it is a well-formed one (upper case, without hyphens), else empty. */
    static Optional<String> isrcOf(PlaylistTrack track) {
        if (track.isrc() == null) {
            return Optional.empty();
        }
        String isrc = track.isrc().replace("-", "").trim().toUpperCase(Locale.ROOT);
        return ISRC.matcher(isrc).matches() ? Optional.of(isrc) : Optional.empty();
    }

    /** Whether the track has what a match by title and artist needs. */
    static boolean hasTitleAndArtist(PlaylistTrack track) {
        return track.title() != null && !normalize(track.title()).isEmpty()
                && track.artists().stream().anyMatch(a -> !normalize(a).isEmpty());
    }

    /** The candidate with the track's ISRC, if any. */
    Optional<Match> byIsrc(PlaylistTrack track, List<Candidate> candidates) {
        Optional<String> isrc = isrcOf(track);
        if (isrc.isEmpty()) {
            return Optional.empty();
        }
        String sourceId = track.providerIds().get(provider);
        return candidates.stream()
                .filter(c -> c.isrc() != null && c.isrc().equalsIgnoreCase(isrc.get()))
                .min(Comparator.<Candidate>comparingInt(c -> c.id() != null && c.id().equals(sourceId) ? 0 : 1)
                        .thenComparingInt(c -> withinTolerance(track.durationMs(), c.durationMs()) ? 0 : 1)
                        .thenComparingInt(c -> normalize(c.title()).equals(normalize(track.title())) ? 0 : 1))
                .map(c -> new Match(c, Method.ISRC));
    }

    /** The closest candidate by title, artist and duration, if any is close enough. */
    Optional<Match> byTitleAndArtist(PlaylistTrack track, List<Candidate> candidates) {
        if (!hasTitleAndArtist(track)) {
            return Optional.empty();
        }
        String title = normalize(track.title());
        String album = track.album() == null ? "" : normalize(track.album());
        return candidates.stream()
                .filter(c -> sameArtist(track.artists(), c.artists()))
                .filter(c -> {
                    String other = normalize(c.title());
                    if (track.durationMs() == null) {
                        return other.equals(title);
                    }
                    boolean titled = other.equals(title) || other.startsWith(title + " ") || title.startsWith(other + " ");
                    return titled && withinTolerance(track.durationMs(), c.durationMs());
                })
                .min(Comparator.<Candidate>comparingInt(c -> normalize(c.title()).equals(title) ? 0 : 1)
                        .thenComparingInt(c -> !album.isEmpty() && c.album() != null && normalize(c.album()).equals(album) ? 0 : 1)
                        .thenComparingLong(c -> difference(track.durationMs(), c.durationMs())))
                .map(c -> new Match(c, Method.TITLE_AND_ARTIST));
    }

    /** The search query for an ISRC, in Spotify's field filter syntax. */
    static String isrcQuery(String isrc) {
        return "isrc:" + isrc;
    }

    /** The search query for a title and the first artist: {@code track:"..." artist:"..."}. */
    static String titleAndArtistQuery(PlaylistTrack track) {
        String artist = track.artists().stream().filter(a -> !normalize(a).isEmpty()).findFirst().orElse("");
        return "track:\"" + phrase(track.title()) + "\" artist:\"" + phrase(artist) + "\"";
    }

    /** Whether the source's and a candidate's album differ (both known). */
    static boolean otherAlbum(PlaylistTrack track, Candidate candidate) {
        return track.album() != null && candidate.album() != null
                && !normalize(track.album()).equals(normalize(candidate.album()));
    }

    /** Lower case, without accents, punctuation as single spaces. */
    static String normalize(String text) {
        if (text == null) {
            return "";
        }
        String decomposed = MARKS.matcher(Normalizer.normalize(text, Normalizer.Form.NFKD)).replaceAll("");
        return NOT_ALPHANUMERIC.matcher(decomposed.toLowerCase(Locale.ROOT)).replaceAll(" ").trim();
    }

    private boolean withinTolerance(Long source, Long candidate) {
        return source != null && candidate != null && Math.abs(source - candidate) <= tolerance.toMillis();
    }

    private static long difference(Long source, Long candidate) {
        return source == null || candidate == null ? Long.MAX_VALUE : Math.abs(source - candidate);
    }

    private static boolean sameArtist(List<String> source, List<String> candidate) {
        for (String a : source) {
            String name = normalize(a);
            if (!name.isEmpty() && candidate.stream().anyMatch(b -> normalize(b).equals(name))) {
                return true;
            }
        }
        return false;
    }

    /** Text for a quoted search phrase: no quotes or control characters of its own. */
    private static String phrase(String text) {
        return text.replaceAll("[\"\\p{Cntrl}]+", " ").replaceAll("\\s+", " ").trim();
    }

}
