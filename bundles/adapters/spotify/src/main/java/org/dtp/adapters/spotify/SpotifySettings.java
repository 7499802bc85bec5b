package org.dtp.adapters.spotify;

import java.net.URI;
import java.time.Duration;

/** {@link SpotifyConfig}, checked. */
record SpotifySettings(URI apiBaseUrl, double requestsPerSecond, int pageSize, int searchLimit,
                       Duration durationTolerance, Duration requestTimeout) {
    /** Spotify's largest {@code limit} for playlists and playlist items. */
    static final int MAX_PAGE_SIZE = 50;
    /** Spotify's largest search {@code limit} for apps in development mode. */
    static final int MAX_SEARCH_LIMIT = 10;

    SpotifySettings {
        if (apiBaseUrl == null || !apiBaseUrl.isAbsolute() || apiBaseUrl.getHost() == null) {
            throw new IllegalArgumentException("apiBaseUrl must be an absolute http(s) URL, was " + apiBaseUrl);
        }
        String base = apiBaseUrl.toString();
        apiBaseUrl = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        if (!(requestsPerSecond > 0)) {
            throw new IllegalArgumentException("requestsPerSecond must be positive, was " + requestsPerSecond);
        }
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        if (searchLimit < 1 || searchLimit > MAX_SEARCH_LIMIT) {
            throw new IllegalArgumentException("searchLimit must be 1 to " + MAX_SEARCH_LIMIT + ", was " + searchLimit);
        }
        if (durationTolerance.isNegative()) {
            throw new IllegalArgumentException("the duration tolerance cannot be negative");
        }
    }

    static SpotifySettings of(SpotifyConfig config) {
        return new SpotifySettings(URI.create(config.apiBaseUrl().trim()), config.requestsPerSecond(), config.pageSize(),
                config.searchLimit(), Duration.ofSeconds(config.durationToleranceSeconds()),
                Duration.ofSeconds(config.requestTimeoutSeconds()));
    }
}
