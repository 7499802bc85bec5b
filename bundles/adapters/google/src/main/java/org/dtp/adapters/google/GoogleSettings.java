package org.dtp.adapters.google;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The validated configuration. */
public record GoogleSettings(URI photosBaseUrl, URI calendarBaseUrl, URI tasksBaseUrl, URI peopleBaseUrl, URI gmailBaseUrl,
                      double requestsPerSecond, int pageSize,
                      String looseItemsAlbum, Duration requestTimeout, List<String> mediaHosts) {
    /** The Photos API's largest page of albums (albums.list); media item pages go up to 100. */
    public static final int MAX_ALBUM_PAGE = 50;
    public static final int MAX_ITEM_PAGE = 100;

    public GoogleSettings {
        photosBaseUrl = base(photosBaseUrl, "photosBaseUrl");
        calendarBaseUrl = base(calendarBaseUrl, "calendarBaseUrl");
        tasksBaseUrl = base(tasksBaseUrl, "tasksBaseUrl");
        peopleBaseUrl = base(peopleBaseUrl, "peopleBaseUrl");
        gmailBaseUrl = base(gmailBaseUrl, "gmailBaseUrl");
        if (!(requestsPerSecond > 0) || Double.isInfinite(requestsPerSecond)) {
            throw new IllegalArgumentException("requestsPerSecond must be positive, was " + requestsPerSecond);
        }
        if (pageSize < 1 || pageSize > MAX_ITEM_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_ITEM_PAGE + ", was " + pageSize);
        }
        looseItemsAlbum = looseItemsAlbum == null || looseItemsAlbum.isBlank() ? "Imported photos" : looseItemsAlbum.strip();
        mediaHosts = mediaHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
    }

    static GoogleSettings of(GoogleConfig c) {
        return new GoogleSettings(URI.create(c.photosBaseUrl().trim()), URI.create(c.calendarBaseUrl().trim()),
                URI.create(c.tasksBaseUrl().trim()), URI.create(c.peopleBaseUrl().trim()), URI.create(c.gmailBaseUrl().trim()),
                c.requestsPerSecond(), c.pageSize(), c.looseItemsAlbum(),
                Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())), Arrays.asList(c.mediaHosts()));
    }

    public int albumPageSize() {
        return Math.min(pageSize, MAX_ALBUM_PAGE);
    }

    private static URI base(URI uri, String name) {
        String text = uri.toString();
        URI trimmed = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        if (trimmed.getHost() == null
                || !List.of("http", "https").contains(String.valueOf(trimmed.getScheme()).toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(name + " must be an http(s) URL, was " + text);
        }
        return trimmed;
    }
}
