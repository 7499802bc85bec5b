package org.dtp.adapters.s3;

import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class ChunksTest {
    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    /** A stream that hands out at most 1,000 bytes per read, as a socket may. */
    private static InputStream trickling(byte[] bytes) {
        return new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, 1000));
            }
        };
    }

    @Test
    public void readsAWholeStreamShorterThanTheLimitAcrossChunks() throws Exception {
        byte[] data = bytes(Chunks.CHUNK * 2 + 12_345);
        Chunks chunks = Chunks.read(trickling(data), 10L * Chunks.CHUNK, -1);
        assertEquals(data.length, chunks.length());
        assertArrayEquals(data, chunks.newStream().readAllBytes());
        assertArrayEquals("a retry sends the same bytes again", data, chunks.newStream().readAllBytes());
    }

    @Test
    public void stopsAtTheLimitAndLeavesTheRestInTheStream() throws Exception {
        byte[] data = bytes(Chunks.CHUNK + 500);
        InputStream in = new ByteArrayInputStream(data);
        Chunks first = Chunks.read(in, Chunks.CHUNK + 100, -1);
        assertEquals(Chunks.CHUNK + 100, first.length());
        Chunks rest = Chunks.read(in, Chunks.CHUNK, -1);
        assertEquals(400, rest.length());
        assertArrayEquals(Arrays.copyOfRange(data, Chunks.CHUNK + 100, data.length), rest.newStream().readAllBytes());
        assertTrue(Chunks.read(in, Chunks.CHUNK, -1).isEmpty());
    }

    @Test
    public void digestsWhatItHolds() throws Exception {
        byte[] data = bytes(3 * Chunks.CHUNK);
        MessageDigest digest = MessageDigest.getInstance("MD5");
        Chunks.read(new ByteArrayInputStream(data), data.length, data.length).digestInto(digest);
        assertArrayEquals(MessageDigest.getInstance("MD5").digest(data), digest.digest());
    }

    @Test
    public void aSourceThatSendsMoreThanItAnnouncedIsStillReadWhole() throws Exception {
        byte[] data = bytes(Chunks.CHUNK + 10);
        Chunks chunks = Chunks.read(new ByteArrayInputStream(data), 4L * Chunks.CHUNK, 100);
        assertArrayEquals(data, chunks.newStream().readAllBytes());
    }

    @Test
    public void releasedBytesAreGone() throws Exception {
        Chunks chunks = Chunks.read(new ByteArrayInputStream(bytes(1000)), 2000, 1000);
        chunks.release();
        assertTrue(chunks.isEmpty());
        assertEquals(-1, chunks.newStream().read());
    }

    @Test
    public void anEmptyStreamGivesNoBytes() throws Exception {
        Chunks chunks = Chunks.read(new ByteArrayInputStream(new byte[0]), 100, 0);
        assertTrue(chunks.isEmpty());
        assertEquals(-1, chunks.newStream().read());
    }
}
