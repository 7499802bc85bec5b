package org.dtp.webdav;

import java.net.URI;
import java.util.Objects;

/**
 * A resource as a multiget or GET returned it: its address, the HTTP status the server gave for it (200, or 404
 * for a resource that went away between listing and fetching), its ETag and its text (null unless 200).
 */
public record DavResource(URI href, int status, String etag, String data) {
    public DavResource {
        Objects.requireNonNull(href, "href");
    }

    public boolean found() {
        return status == 200 && data != null;
    }
}
