package org.dtp.webdav;

import java.io.InputStream;
import java.util.Objects;

/**
 * A file's bytes from some offset to its end, as a ranged GET answered them ({@link DavClient#openFrom}): a stream the
 * caller closes, the file's ETag (null when the server sent none) and its whole size in bytes (-1 when unknown).
 * Since 1.6.
 */
public record DavFilePart(InputStream bytes, String etag, long size) {
    public DavFilePart {
        Objects.requireNonNull(bytes, "bytes");
    }
}
