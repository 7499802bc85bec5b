package org.dtp.adapters.smugmug;

import java.io.FilterInputStream;
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
final class VerifyingInputStream extends FilterInputStream {
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
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
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

    @Override
    public long skip(long n) throws IOException {
        // skipping would bypass the digest: read instead
        byte[] buffer = new byte[(int) Math.min(8192, Math.max(0, n))];
        long skipped = 0;
        while (skipped < n) {
            int r = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
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
