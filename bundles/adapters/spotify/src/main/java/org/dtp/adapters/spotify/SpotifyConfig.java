package org.dtp.adapters.spotify;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Spotify adapter (PID {@value #PID}): where the Web API is and the limits the adapter keeps to.
 * The OAuth 2.0 client (id, secret, redirect URI, scopes) is the operator's registration
 * {@code etc/org.dtp.oauth2.client-spotify.cfg}; users' tokens are transfer settings, not configuration.
 */
@ObjectClassDefinition(
        id = SpotifyConfig.PID,
        name = "DTP Spotify adapter",
        description = "Where the Spotify Web API is, and the limits the Spotify adapter keeps to.")
public @interface SpotifyConfig {
    String PID = "org.dtp.adapters.spotify";

    @AttributeDefinition(name = "API base URL", description = "Where the Spotify Web API is (a fake Spotify in tests).")
    String apiBaseUrl() default "https://api.spotify.com";

    /**
     * Spotify limits requests per app in a rolling 30-second window and answers 429 with Retry-After past it, without
     * publishing the number (https://developer.spotify.com/documentation/web-api/concepts/rate-limits): 5 per second
     * is our own conservative choice.
     */
    @AttributeDefinition(name = "Requests per second",
            description = "Requests per second to Spotify from this server, all transfers together.", min = "0.1")
    double requestsPerSecond() default 5.0;

    /**
     * {@code limit} of the playlists and playlist items pages: Spotify's reference gives 1 to 50 for both
     * (https://developer.spotify.com/documentation/web-api/reference/get-a-list-of-current-users-playlists,
     * https://developer.spotify.com/documentation/web-api/reference/get-playlists-tracks).
     */
    @AttributeDefinition(name = "Page size", description = "Playlists or playlist items per page (1 to 50).",
            min = "1", max = "50")
    int pageSize() default 50;

    /**
     * {@code limit} of a track search: 10 at most for apps in development mode since February 2026
     * (https://developer.spotify.com/documentation/web-api/tutorials/february-2026-migration-guide).
     */
    @AttributeDefinition(name = "Search results", description = "Candidates asked of each track search (1 to 10).",
            min = "1", max = "10")
    int searchLimit() default 10;

    /**
     * How far a candidate's length may be from the source track's when matched by title and artist: 3 s is our choice
     * (the same recording on another release differs by a second or two of silence; a live or radio edit by more).
     */
    @AttributeDefinition(name = "Duration tolerance (s)",
            description = "Largest difference in length for a match by title and artist.", min = "0")
    int durationToleranceSeconds() default 3;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 30;
}
