package org.dtp.webdav;

import java.net.URI;
import java.util.Objects;

/** A resource in a collection, as a listing names it: its absolute address and its ETag (null if not given). */
public record DavMember(URI href, String etag) {
    public DavMember {
        Objects.requireNonNull(href, "href");
    }
}
