package org.dtp.webdav;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;

/**
 * A file or a collection as a PROPFIND lists it on a WebDAV drive: its absolute address, whether it is a collection,
 * its length in bytes ({@code -1} when not given, as for collections), its last modification (null when not given or
 * unreadable) and its ETag (null when not given). Since 1.3.
 */
public record DavEntry(URI href, boolean collection, long length, Instant lastModified, String etag) {
    public DavEntry {
        Objects.requireNonNull(href, "href");
    }

    /** The last segment of the address, decoded ({@code IMG 1.jpg}), without the slash a collection's may end with. */
    public String name() {
        String path = href.getPath();
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }
}
