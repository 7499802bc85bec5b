package org.dtp.adapters.smugmug;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream whose every byte must pass through {@link #read(byte[], int, int)} (it is decrypted or digested there):
 * single-byte reads and skips read through it too, and marks are not supported.
 */
abstract class TransformingInputStream extends FilterInputStream {
    TransformingInputStream(InputStream in) {
        super(in);
    }

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;

    @Override
    public final int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public final long skip(long n) throws IOException {
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
    public final boolean markSupported() {
        return false;
    }
}
