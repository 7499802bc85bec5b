package org.dtp.adapters.flickr;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The validated configuration. */
record FlickrSettings(
        String consumerKey,
        String consumerSecret,
        URI restUrl,
        URI uploadUrl,
        int requestsPerHour,
        double mediaRequestsPerSecond,
        int perPage,
        boolean importPublic,
        Duration requestTimeout,
        List<String> mediaHosts) {

    static final int MAX_PER_PAGE = 500;

    FlickrSettings {
        consumerKey = consumerKey == null ? "" : consumerKey.trim();
        consumerSecret = consumerSecret == null ? "" : consumerSecret;
        if (requestsPerHour < 1) {
            throw new IllegalArgumentException("requestsPerHour must be at least 1, was " + requestsPerHour);
        }
        if (!(mediaRequestsPerSecond > 0)) {
            throw new IllegalArgumentException("mediaRequestsPerSecond must be positive, was " + mediaRequestsPerSecond);
        }
        if (perPage < 1 || perPage > MAX_PER_PAGE) {
            throw new IllegalArgumentException("perPage must be 1 to " + MAX_PER_PAGE + ", was " + perPage);
        }
        mediaHosts = mediaHosts.stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
    }

    static FlickrSettings of(FlickrConfig c) {
        return new FlickrSettings(c.consumerKey(), c.consumerSecret(), uri(c.restUrl(), "restUrl"), uri(c.uploadUrl(), "uploadUrl"),
                c.requestsPerHour(), c.mediaRequestsPerSecond(), c.perPage(), c.importPublic(),
                Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())), Arrays.asList(c.mediaHosts()));
    }

    boolean hasClientCredentials() {
        return !consumerKey.isEmpty() && !consumerSecret.isEmpty();
    }

    /** The API limit as requests per second, which is how the rate limiter and the cluster count it. */
    double requestsPerSecond() {
        return requestsPerHour / 3600.0;
    }

    /** Never shows the secret. */
    @Override
    public String toString() {
        return "FlickrSettings[consumerKey=" + consumerKey + ", rest=" + restUrl + ", upload=" + uploadUrl
                + ", requestsPerHour=" + requestsPerHour + ", perPage=" + perPage + "]";
    }

    private static URI uri(String text, String name) {
        URI uri;
        try {
            uri = URI.create(text.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a URL: " + text, e);
        }
        if (uri.getHost() == null || !List.of("http", "https").contains(String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(name + " must be an http(s) URL, was " + text);
        }
        return uri;
    }
}
