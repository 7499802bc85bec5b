package org.dtp.adapters.smugmug;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The validated configuration; {@link #builder()} for tests. */
record SmugMugSettings(
        String consumerKey,
        String consumerSecret,
        URI apiBaseUrl,
        URI uploadUrl,
        double requestsPerSecond,
        double requestsPerSecondPerUser,
        int pageSize,
        int maxImagesPerAlbum,
        String albumPrivacy,
        String rootAlbumName,
        boolean sendContentMd5,
        Path spoolDirectory,
        Duration requestTimeout,
        List<String> mediaHosts) {

    static final int MAX_PAGE_SIZE = 1000;

    SmugMugSettings {
        apiBaseUrl = withoutTrailingSlash(apiBaseUrl);
        if (!(requestsPerSecond > 0)) {
            throw new IllegalArgumentException("requestsPerSecond must be positive, was " + requestsPerSecond);
        }
        if (requestsPerSecondPerUser < 0 || Double.isNaN(requestsPerSecondPerUser)) {
            throw new IllegalArgumentException("requestsPerSecondPerUser must be 0 (none) or positive, was " + requestsPerSecondPerUser);
        }
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        if (maxImagesPerAlbum < 1) {
            throw new IllegalArgumentException("maxImagesPerAlbum must be at least 1, was " + maxImagesPerAlbum);
        }
        if (!List.of("Private", "Unlisted", "Public").contains(albumPrivacy)) {
            throw new IllegalArgumentException("albumPrivacy must be Private, Unlisted or Public, was " + albumPrivacy);
        }
        if (rootAlbumName == null || rootAlbumName.isBlank()) {
            rootAlbumName = "Imported photos";
        }
        mediaHosts = mediaHosts.stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
        consumerKey = consumerKey == null ? "" : consumerKey.trim();
        consumerSecret = consumerSecret == null ? "" : consumerSecret;
    }

    static SmugMugSettings of(SmugMugConfig c) {
        String spool = c.spoolDirectory() == null ? "" : c.spoolDirectory().trim();
        return new SmugMugSettings(c.consumerKey(), c.consumerSecret(), uri(c.apiBaseUrl(), "apiBaseUrl"),
                uri(c.uploadUrl(), "uploadUrl"), c.requestsPerSecond(), c.requestsPerSecondPerUser(), c.pageSize(), c.maxImagesPerAlbum(), c.albumPrivacy(),
                c.rootAlbumName(), c.sendContentMd5(), spool.isEmpty() ? null : Path.of(spool),
                Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())), Arrays.asList(c.mediaHosts()));
    }

    boolean hasClientCredentials() {
        return !consumerKey.isEmpty() && !consumerSecret.isEmpty();
    }

    /** Never shows the consumer secret. */
    @Override
    public String toString() {
        return "SmugMugSettings[consumerKey=" + consumerKey + ", api=" + apiBaseUrl + ", upload=" + uploadUrl
                + ", rps=" + requestsPerSecond + ", pageSize=" + pageSize + ", maxImagesPerAlbum=" + maxImagesPerAlbum + "]";
    }

    private static URI uri(String text, String name) {
        try {
            URI uri = URI.create(text.trim());
            if (uri.getHost() == null || !List.of("http", "https").contains(String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(name + " must be an http(s) URL, was " + text);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a URL: " + text, e);
        }
    }

    private static URI withoutTrailingSlash(URI uri) {
        String s = uri.toString();
        return s.endsWith("/") ? URI.create(s.substring(0, s.length() - 1)) : uri;
    }

    static Builder builder() {
        return new Builder();
    }

    /** Defaults as in {@link SmugMugConfig}. */
    static final class Builder {
        String consumerKey = "";
        String consumerSecret = "";
        URI apiBaseUrl = URI.create("https://api.smugmug.com");
        URI uploadUrl = URI.create("https://upload.smugmug.com/");
        double requestsPerSecond = 4.0;
        double requestsPerSecondPerUser;
        int pageSize = 100;
        int maxImagesPerAlbum = 5000;
        String albumPrivacy = "Private";
        String rootAlbumName = "Imported photos";
        boolean sendContentMd5 = true;
        Path spoolDirectory;
        Duration requestTimeout = Duration.ofSeconds(60);
        List<String> mediaHosts = List.of("smugmug.com");

        Builder consumer(String key, String secret) {
            this.consumerKey = key;
            this.consumerSecret = secret;
            return this;
        }

        Builder api(URI api, URI upload) {
            this.apiBaseUrl = api;
            this.uploadUrl = upload;
            return this;
        }

        Builder requestsPerSecond(double rps) {
            this.requestsPerSecond = rps;
            return this;
        }

        Builder requestsPerSecondPerUser(double rps) {
            this.requestsPerSecondPerUser = rps;
            return this;
        }

        Builder pageSize(int size) {
            this.pageSize = size;
            return this;
        }

        Builder maxImagesPerAlbum(int max) {
            this.maxImagesPerAlbum = max;
            return this;
        }

        Builder sendContentMd5(boolean send) {
            this.sendContentMd5 = send;
            return this;
        }

        Builder spoolDirectory(Path dir) {
            this.spoolDirectory = dir;
            return this;
        }

        Builder requestTimeout(Duration timeout) {
            this.requestTimeout = timeout;
            return this;
        }

        Builder rootAlbumName(String name) {
            this.rootAlbumName = name;
            return this;
        }

        SmugMugSettings build() {
            return new SmugMugSettings(consumerKey, consumerSecret, apiBaseUrl, uploadUrl, requestsPerSecond,
                    requestsPerSecondPerUser, pageSize,
                    maxImagesPerAlbum, albumPrivacy, rootAlbumName, sendContentMd5, spoolDirectory, requestTimeout, mediaHosts);
        }
    }
}
