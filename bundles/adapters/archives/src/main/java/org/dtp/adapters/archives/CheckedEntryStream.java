package org.dtp.adapters.archives;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An entry's bytes, held to the size its header declared: more bytes than declared is a zip bomb (or a forged
 * header) and fails as soon as the first extra byte comes out, never after inflating the rest; fewer is a truncated
 * archive and fails at the end, so a destination never keeps a half file as a whole one.
 */
final class CheckedEntryStream extends FilterInputStream {
    private final String name;
    private final long declared;
    private long read;

    CheckedEntryStream(InputStream in, String name, long declared) {
        super(in);
        this.name = name;
        this.declared = declared;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        count(b < 0 ? -1 : 1);
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        count(n);
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buffer = new byte[8192];
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

    private void count(int n) throws IOException {
        if (n < 0) {
            if (declared >= 0 && read < declared) {
                throw new IOException("the entry '" + name + "' ends after " + read + " of its declared " + declared + " bytes");
            }
            return;
        }
        read += n;
        if (declared >= 0 && read > declared) {
            throw new IOException("the entry '" + name + "' holds more than its declared " + declared + " bytes");
        }
    }
}
