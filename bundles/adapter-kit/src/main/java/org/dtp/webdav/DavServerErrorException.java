package org.dtp.webdav;

import org.dtp.spi.TransientAdapterException;

/**
 * The server failed on a read (a 5xx other than 503 Service Unavailable and 507, with no Retry-After) of a PROPFIND,
 * REPORT or GET: the engine retries it like any transient failure, and {@link CollectionPager} first asks for less.
 * A server that cannot load one member it stores fails every request that touches it: Radicale answers 500 to a
 * multiget, a depth-1 PROPFIND and a sync-collection of a collection holding a file it cannot parse, and to a PROPFIND
 * of the collection's {@code getctag} or {@code sync-token} (both made from every member).
 */
final class DavServerErrorException extends TransientAdapterException {
    private static final long serialVersionUID = 1L;

    DavServerErrorException(String message) {
        super(message, null);
    }
}
