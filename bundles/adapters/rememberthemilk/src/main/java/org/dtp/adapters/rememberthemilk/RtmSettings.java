package org.dtp.adapters.rememberthemilk;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** The validated configuration. */
record RtmSettings(String apiKey, String sharedSecret, URI restUrl, URI authUrl, double requestsPerSecond, int pageSize,
                   Duration requestTimeout) {
    RtmSettings {
        apiKey = apiKey == null ? "" : apiKey.trim();
        sharedSecret = sharedSecret == null ? "" : sharedSecret;
        if (!(requestsPerSecond > 0)) {
            throw new IllegalArgumentException("requestsPerSecond must be positive, was " + requestsPerSecond);
        }
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("pageSize must be 1 to 1000, was " + pageSize);
        }
    }

    static RtmSettings of(RtmConfig c) {
        return new RtmSettings(c.apiKey(), c.sharedSecret(), uri(c.restUrl(), "restUrl"), uri(c.authUrl(), "authUrl"),
                c.requestsPerSecond(), c.pageSize(), Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())));
    }

    boolean hasKey() {
        return !apiKey.isEmpty() && !sharedSecret.isEmpty();
    }

    /** Never shows the shared secret. */
    @Override
    public String toString() {
        return "RtmSettings[apiKey=" + apiKey + ", rest=" + restUrl + ", rps=" + requestsPerSecond + ", pageSize=" + pageSize + "]";
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
