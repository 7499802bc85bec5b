package org.dtp.adapters.s3;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Up to a limit of a stream's bytes, held in chunks of {@value #CHUNK} bytes: a PUT's body, which must be whole before it
 * is sent because its Content-MD5 goes first. Chunks rather than one array because an array of a photo's size is a
 * "humongous" object for G1 (over half a region: 512 KiB in a heap under 2 GB), allocated outside the young
 * generation and each one starting a collection (S3PeersBenchmark: 286 collections for humongous allocations in a
 * few hundred photos); and read with large reads, not {@link InputStream#readNBytes(int)}'s 8 KiB ones and its copy.
 */
final class Chunks {
    static final int CHUNK = 256 * 1024;

    private final List<byte[]> chunks;
    private final long length;

    private Chunks(List<byte[]> chunks, long length) {
        this.chunks = chunks;
        this.length = length;
    }

    /** Reads from {@code in} until its end or {@code limit} bytes, whichever comes first. */
    static Chunks read(InputStream in, long limit) throws IOException {
        List<byte[]> chunks = new ArrayList<>();
        long length = 0;
        while (length < limit) {
            byte[] chunk = new byte[(int) Math.min(CHUNK, limit - length)];
            int filled = in.readNBytes(chunk, 0, chunk.length);
            if (filled == 0) {
                break;
            }
            chunks.add(filled == chunk.length ? chunk : Arrays.copyOf(chunk, filled));
            length += filled;
            if (filled < chunk.length) {
                break; // the stream ended
            }
        }
        return new Chunks(chunks, length);
    }

    long length() {
        return length;
    }

    boolean isEmpty() {
        return length == 0;
    }

    /** Feeds the bytes to {@code digest}. */
    void digestInto(MessageDigest digest) {
        chunks.forEach(digest::update);
    }

    /** The bytes again from the start, as often as a request is sent (a retry sends the body again). */
    InputStream newStream() {
        List<InputStream> streams = new ArrayList<>(chunks.size());
        chunks.forEach(chunk -> streams.add(new ByteArrayInputStream(chunk)));
        return new SequenceInputStream(Collections.enumeration(streams));
    }
}
