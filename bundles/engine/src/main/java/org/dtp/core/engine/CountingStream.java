package org.dtp.core.engine;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the bytes an importer reads of an item's media. */
final class CountingStream extends FilterInputStream {
    private final AtomicLong counter;

    CountingStream(InputStream in, AtomicLong counter) {
        super(in);
        this.counter = counter;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counter.incrementAndGet();
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
            counter.addAndGet(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        counter.addAndGet(skipped);
        return skipped;
    }
}
