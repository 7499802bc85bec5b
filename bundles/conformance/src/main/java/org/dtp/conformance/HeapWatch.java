package org.dtp.conformance;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

import static org.junit.Assert.assertTrue;

/**
 * Measures how much the live heap grows while a stream is read: every {@code interval} bytes read through
 * {@link #watch} it collects garbage and notes the heap in use. Code that holds a stream's bytes whole (in a byte
 * array, a ByteArrayOutputStream, a String) makes the heap grow by about the bytes read so far; code that streams them
 * keeps it flat. Garbage is collected before each look, so no timing and no allocation rate enter the measure.
 */
public final class HeapWatch {
    private final long interval;
    private final long baseline;
    private long peakGrowth;
    private long bytesRead;
    private int looks;

    /** Notes the heap in use now as the baseline. */
    public HeapWatch(long interval) {
        this.interval = interval;
        this.baseline = usedAfterGc();
    }

    /** {@code in}, with the heap looked at every {@code interval} bytes read from it (and once at its end). */
    public InputStream watch(InputStream in) {
        return new FilterInputStream(in) {
            private long sinceLook;

            @Override
            public int read() throws IOException {
                int b = super.read();
                count(b < 0 ? -1 : 1);
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                count(n);
                return n;
            }

            private void count(int n) {
                if (n < 0) {
                    look();
                    return;
                }
                bytesRead += n;
                sinceLook += n;
                if (sinceLook >= interval) {
                    sinceLook = 0;
                    look();
                }
            }
        };
    }

    /** Looks at the heap now (say while the destination still holds what it was sent). */
    public synchronized void look() {
        looks++;
        peakGrowth = Math.max(peakGrowth, usedAfterGc() - baseline);
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long peakGrowth() {
        return peakGrowth;
    }

    /** Fails unless the heap was looked at and never grew by {@code bound} bytes or more over the baseline. */
    public void assertGrewLessThan(long bound, String what) {
        assertTrue(what + ": the heap was never looked at (nothing was read)", looks > 0);
        assertTrue(what + ": the live heap grew by " + (peakGrowth >> 20) + " MiB while " + (bytesRead >> 20)
                + " MiB were read, more than the " + (bound >> 20) + " MiB allowed: something holds the bytes whole",
                peakGrowth < bound);
    }

    private static long usedAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        // Two passes: the first may only queue finalizable or softly reachable objects.
        System.gc();
        System.gc();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
