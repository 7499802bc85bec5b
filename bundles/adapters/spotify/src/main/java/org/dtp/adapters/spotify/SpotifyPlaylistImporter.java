package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.SpotifyApi.Entry;
import org.dtp.adapters.spotify.SpotifyApi.Page;
import org.dtp.adapters.spotify.SpotifyApi.Playable;
import org.dtp.adapters.spotify.SpotifyApi.SimplePlaylist;
import org.dtp.adapters.spotify.TrackMatcher.Candidate;
import org.dtp.adapters.spotify.TrackMatcher.Match;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.Fingerprint;
import org.dtp.spi.JobScratch;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Imports playlists into a Spotify account. {@link #importContainer} creates a playlist of the user
 * ({@code POST /v1/me/playlists}) whose description ends with a marker made of the job id and the engine's key, and
 * finds it again by name and marker before creating one. {@link #importItem} finds the recording at Spotify (by ISRC,
 * then by title, artist and duration: {@link TrackMatcher}) and inserts it ({@code POST /v1/playlists/{id}/items})
 * at the place its source position gives among the tracks added so far, so the copy keeps the source's order even
 * without the tracks that could not be matched; those fail as items, with the reason. Which source positions are
 * in the copy is kept in the job (setting {@value #POSITIONS}{@code <playlist id>}, a {@link PositionSet}), so a
 * re-import of a key adds nothing twice, after a retry, a lost answer or a restart on any node.
 */
@Component(
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + SpotifyConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Spotify",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class SpotifyPlaylistImporter implements Importer<Playlist, PlaylistTrack> {
    /** The setting, per destination playlist, of the source positions already in it. */
    static final String POSITIONS = "importedPositions.";
    /**
     * Longest description we send. Spotify's reference names no limit; its apps take 300 characters, which we assume
     * is the Web API's limit too.
     */
    static final int MAX_DESCRIPTION_CHARS = 300;
    /** The marker {@link #descriptionOf} ends a description with, and the space before it. */
    private static final Pattern MARKER = Pattern.compile("\\s*\\(dtp-[0-9a-f]{16}\\)$");
    /**
     * The length of each playlist copy after this job's last add to it, when it was what the positions say: no need
     * to look. Kept in the job's scratch, so it goes with the job.
     */
    private static final JobScratch.Key<Map<String, Integer>> KNOWN_LENGTHS = JobScratch.Key.of("spotify.playlist-lengths");

    private final SpotifyConnector connector;

    @Activate
    public SpotifyPlaylistImporter(@Reference SpotifyConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return connector.accountId(context);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, Playlist playlist, String parentId)
            throws AdapterException {
        SpotifyApi api = connector.api(context);
        String marker = markerOf(context.jobId(), idempotencyKey);
        String userId = api.currentUserId();
        int limit = connector.settings().pageSize();
        for (Integer offset = 0; offset != null; ) {
            Page<SimplePlaylist> page = api.currentUserPlaylists(offset, limit);
            for (SimplePlaylist existing : page.items()) {
                if (userId.equals(existing.ownerId()) && playlist.name().equals(existing.name())
                        && existing.description() != null && existing.description().contains(marker)) {
                    return SpotifyApi.checkedId(existing.id());
                }
            }
            offset = page.nextOffset();
        }
        return api.createPlaylist(playlist.name(), descriptionOf(context, playlist, marker), playlist.publiclyVisible());
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, PlaylistTrack track, String containerId)
            throws AdapterException {
        if (containerId == null) {
            throw new ItemRejectedException("a Spotify track can only be imported into a playlist");
        }
        String playlistId = SpotifyApi.checkedId(containerId);
        String setting = POSITIONS + playlistId;
        PositionSet added = PositionSet.parse(context.endpoint().settings().get(setting));
        String destinationId = playlistId + "/" + track.position();
        if (added.contains(track.position())) {
            return destinationId;
        }
        SpotifyApi api = connector.api(context);
        Match match = match(api, track);
        String uri = match.candidate().uri();
        int place = added.countBelow(track.position());
        Map<String, Integer> knownLengths = context.scratch().computeIfAbsent(KNOWN_LENGTHS, ConcurrentHashMap::new);
        boolean lengthKnown = Integer.valueOf(added.size()).equals(knownLengths.get(playlistId));
        boolean alreadyThere = false;
        int insertAt = place;
        if (!lengthKnown) {
            // A restart or a failed attempt: was our last add done although its record was not kept?
            Page<Entry> probe = api.playlistItems(playlistId, place, 1);
            Playable there = probe.items().isEmpty() ? null : probe.items().get(0).item();
            alreadyThere = probe.total() == added.size() + 1 && there != null && uri.equals(there.uri());
            lengthKnown = alreadyThere || probe.total() == added.size();
            insertAt = Math.min(place, probe.total()); // the user may have changed the copy meanwhile
        }
        if (!alreadyThere) {
            knownLengths.remove(playlistId);
            api.addItems(playlistId, List.of(uri), insertAt);
        }
        context.updateSettings(Map.of(setting, added.with(track.position()).encode()));
        if (lengthKnown) {
            knownLengths.put(playlistId, added.size() + 1);
        }
        reportDifferences(context, track, match);
        return destinationId;
    }

    private Match match(SpotifyApi api, PlaylistTrack track) throws AdapterException {
        SpotifySettings settings = connector.settings();
        TrackMatcher matcher = new TrackMatcher(SpotifyConnector.PROVIDER, settings.durationTolerance());
        Optional<String> isrc = TrackMatcher.isrcOf(track);
        if (isrc.isPresent()) {
            Optional<Match> match = matcher.byIsrc(track, candidates(api.searchTracks(TrackMatcher.isrcQuery(isrc.get()),
                    settings.searchLimit())));
            if (match.isPresent()) {
                return match.get();
            }
        }
        if (TrackMatcher.hasTitleAndArtist(track)) {
            Optional<Match> match = matcher.byTitleAndArtist(track, candidates(api.searchTracks(
                    TrackMatcher.titleAndArtistQuery(track), settings.searchLimit())));
            if (match.isPresent()) {
                return match.get();
            }
        }
        throw new ItemRejectedException(unmatchedReason(track, isrc, settings));
    }

    private static List<Candidate> candidates(List<Playable> tracks) {
        return tracks.stream()
                .filter(t -> t.uri() != null && t.uri().startsWith("spotify:track:"))
                .map(t -> new Candidate(t.id(), t.uri(), t.name(), t.artists(), t.album(), t.durationMs(), t.isrc()))
                .toList();
    }

    private static String unmatchedReason(PlaylistTrack track, Optional<String> isrc, SpotifySettings settings) {
        String what = "track " + (track.position() + 1) + (track.title() == null ? "" : " '" + track.title() + "'")
                + (track.artists().isEmpty() ? "" : " by " + String.join(", ", track.artists()));
        StringBuilder reason = new StringBuilder("no Spotify track matches ").append(what).append(": ");
        if (isrc.isPresent()) {
            reason.append("none has the ISRC ").append(isrc.get());
        } else {
            reason.append(track.isrc() == null ? "it has no ISRC" : "its ISRC '" + track.isrc() + "' is not a valid one");
        }
        if (TrackMatcher.hasTitleAndArtist(track)) {
            reason.append(", and none has its title and artist");
            if (track.durationMs() != null) {
                reason.append(" within ").append(settings.durationTolerance().toSeconds()).append(" s of its length ")
                        .append(minutes(track.durationMs()));
            }
        } else {
            reason.append(", and it has no title and artist to search by");
        }
        return reason.toString();
    }

    private static String minutes(long millis) {
        long seconds = Math.round(millis / 1000.0);
        return seconds / 60 + ":" + String.format("%02d", seconds % 60);
    }

    private static void reportDifferences(ImportContext context, PlaylistTrack track, Match match) {
        Candidate found = match.candidate();
        if (match.method() == TrackMatcher.Method.TITLE_AND_ARTIST && track.isrc() != null) {
            context.reportNotKept(track.id(), "isrc", "Spotify has no track with the ISRC " + track.isrc()
                    + "; matched by title, artist and length to a recording with "
                    + (found.isrc() == null ? "no ISRC" : "the ISRC " + found.isrc()));
        }
        if (TrackMatcher.otherAlbum(track, found)) {
            context.reportNotKept(track.id(), "album", "the matching Spotify track is on the album '" + found.album() + "'");
        }
    }

    private static String descriptionOf(ImportContext context, Playlist playlist, String marker) {
        String tag = "(" + marker + ")";
        String text = playlist.description() == null ? "" : playlist.description().strip();
        int room = MAX_DESCRIPTION_CHARS - tag.length() - 1;
        if (text.length() > room) {
            context.reportNotKept(playlist.id(), "description", "Spotify descriptions hold " + MAX_DESCRIPTION_CHARS
                    + " characters; the rest of it was cut");
            text = text.substring(0, Character.isHighSurrogate(text.charAt(room - 1)) ? room - 1 : room);
        }
        return text.isEmpty() ? tag : text + " " + tag;
    }

    /** A description as the user wrote it: without the marker this importer ends it with; null when nothing is left. */
    static String withoutMarker(String description) {
        if (description == null) {
            return null;
        }
        String text = MARKER.matcher(description).replaceFirst("");
        return text.isEmpty() ? null : text;
    }

    /** A tag of the job and key, for finding the playlist again: two jobs never share one. */
    static String markerOf(UUID jobId, String idempotencyKey) {
        return "dtp-" + Fingerprint.of(jobId, idempotencyKey).hex(8);
    }
}
