package org.dtp.kit.testing;

import java.io.InputStream;

/**
 * {@code length} bytes of a fixed pseudo-random (xorshift) sequence, made as they are read, so a
 * test can stream gigabytes through code under test with no file and no buffer. Two instances of
 * the same length give the same bytes.
 */
public final class GeneratedStream extends InputStream {
    private final long length;
    private long position;
    private long state = 0x9E3779B97F4A7C15L;

    public GeneratedStream(long length) {
        this.length = length;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position >= length) {
            return -1;
        }
        int n = (int) Math.min(len, length - position);
        for (int i = 0; i < n; i++) {
            state ^= state << 13;
            state ^= state >>> 7;
            state ^= state << 17;
            b[off + i] = (byte) state;
        }
        position += n;
        return n;
    }
}
