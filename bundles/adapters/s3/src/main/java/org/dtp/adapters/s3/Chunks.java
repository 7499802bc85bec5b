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
    private long length;

    private Chunks(List<byte[]> chunks, long length) {
        this.chunks = chunks;
        this.length = length;
    }

    /**
     * Reads from {@code in} until its end or {@code limit} bytes, whichever comes first; {@code expected} is the size
     * the source announced (-1 unknown), so that a small file takes no more than its size (and one byte to see the end).
     */
    static Chunks read(InputStream in, long limit, long expected) throws IOException {
        List<byte[]> chunks = new ArrayList<>();
        long length = 0;
        while (length < limit) {
            long wanted = expected >= length ? expected - length + 1 : CHUNK;
            byte[] chunk = new byte[(int) Math.min(Math.min(CHUNK, limit - length), wanted)];
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

    /** Lets the bytes go once they were sent, while whoever read them may still hold this (the first part of an upload). */
    void release() {
        chunks.clear();
        length = 0;
    }

    /** The bytes again from the start, as often as a request is sent (a retry sends the body again). */
    InputStream newStream() {
        List<InputStream> streams = new ArrayList<>(chunks.size());
        chunks.forEach(chunk -> streams.add(new ByteArrayInputStream(chunk)));
        return new SequenceInputStream(Collections.enumeration(streams));
    }
}
