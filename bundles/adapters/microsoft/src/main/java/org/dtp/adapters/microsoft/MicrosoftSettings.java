package org.dtp.adapters.microsoft;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** The validated configuration. */
public record MicrosoftSettings(URI graphBaseUrl, double requestsPerSecond, int pageSize, int uploadChunkBytes,
                         String looseItemsFolder, Duration requestTimeout, int maxMimeBytes) {
    /** Graph's unit of upload-session chunks. */
    public static final int CHUNK_UNIT = 320 * 1024;
    static final int MAX_PAGE_SIZE = 999;

    public MicrosoftSettings {
        String base = graphBaseUrl.toString();
        graphBaseUrl = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        if (graphBaseUrl.getHost() == null
                || !List.of("http", "https").contains(String.valueOf(graphBaseUrl.getScheme()).toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("graphBaseUrl must be an http(s) URL, was " + base);
        }
        if (!(requestsPerSecond > 0)) {
            throw new IllegalArgumentException("requestsPerSecond must be positive, was " + requestsPerSecond);
        }
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        if (uploadChunkBytes < CHUNK_UNIT || uploadChunkBytes % CHUNK_UNIT != 0 || uploadChunkBytes > 180 * CHUNK_UNIT) {
            throw new IllegalArgumentException("an upload chunk must be 1 to 180 times 320 KiB, was " + uploadChunkBytes + " bytes");
        }
        if (maxMimeBytes < 1024) {
            throw new IllegalArgumentException("maxMimeBytes must be at least 1024, was " + maxMimeBytes);
        }
        looseItemsFolder = looseItemsFolder == null || looseItemsFolder.isBlank() ? "Imported photos" : looseItemsFolder.strip();
    }

    static MicrosoftSettings of(MicrosoftConfig c) {
        return new MicrosoftSettings(URI.create(c.graphBaseUrl().trim()), c.requestsPerSecond(), c.pageSize(),
                c.uploadChunkUnits() * CHUNK_UNIT, c.looseItemsFolder(), Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())),
                c.maxMimeBytes());
    }
}
