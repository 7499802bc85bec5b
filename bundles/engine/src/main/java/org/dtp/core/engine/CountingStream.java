package org.dtp.core.engine;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the bytes an importer reads of an item's media, and digests them (the item record's media SHA-256); the
 * digest is shared by the item's streams, so it is updated under its own lock.
 */
final class CountingStream extends FilterInputStream {
    private final AtomicLong counter;
    private final MessageDigest digest;

    CountingStream(InputStream in, AtomicLong counter, MessageDigest digest) {
        super(in);
        this.counter = counter;
        this.digest = digest;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counter.incrementAndGet();
            synchronized (digest) {
                digest.update((byte) b);
            }
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
            counter.addAndGet(n);
            synchronized (digest) {
                digest.update(buf, off, n);
            }
        }
        return n;
    }

    /** Skipped bytes are counted as read but not digested: an importer that skips does not copy them. */
    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        counter.addAndGet(skipped);
        return skipped;
    }
}
