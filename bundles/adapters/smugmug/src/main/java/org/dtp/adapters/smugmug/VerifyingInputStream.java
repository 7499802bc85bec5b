package org.dtp.adapters.smugmug;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Passes an original through and, at its end, checks it against what SmugMug said of it (ArchivedSize,
 * ArchivedMD5): a mismatch is an {@link IOException} at the end of the stream, so a truncated or altered
 * download is never taken for the original (the engine retries it).
 */
final class VerifyingInputStream extends TransformingInputStream {
    private final long expectedSize;
    private final String expectedMd5;
    private final MessageDigest md5;
    private final String what;
    private long count;
    private boolean checked;

    /** {@code expectedSize} -1 and {@code expectedMd5} null check nothing. */
    VerifyingInputStream(InputStream in, long expectedSize, String expectedMd5, String what) {
        super(in);
        this.expectedSize = expectedSize;
        this.expectedMd5 = expectedMd5;
        this.what = what;
        try {
            this.md5 = expectedMd5 == null ? null : MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            count += n;
            if (md5 != null) {
                md5.update(b, off, n);
            }
            if (expectedSize >= 0 && count > expectedSize) {
                throw new IOException(what + " is longer than the " + expectedSize + " bytes SmugMug announced");
            }
        } else if (n < 0) {
            check();
        }
        return n;
    }

    private void check() throws IOException {
        if (checked) {
            return;
        }
        checked = true;
        if (expectedSize >= 0 && count != expectedSize) {
            throw new IOException(what + " ended after " + count + " of the " + expectedSize + " bytes SmugMug announced");
        }
        if (md5 != null) {
            String actual = HexFormat.of().formatHex(md5.digest());
            if (!actual.equalsIgnoreCase(expectedMd5)) {
                throw new IOException(what + " does not match SmugMug's ArchivedMD5 (" + expectedMd5 + ", got " + actual + ")");
            }
        }
    }
}
