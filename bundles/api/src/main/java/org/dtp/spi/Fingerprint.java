package org.dtp.spi;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.UUID;

/**
 * The SHA-256 of a text in UTF-8, cut to what a provider can hold: what importers tag the items they create with so
 * that a repeated import finds them ({@link #of(UUID, String)}: the job and the engine's idempotency key), and what
 * names an account in caches without its secrets. Values made of it are stored at destinations, so the encoding never
 * changes: the text is {@code jobId + "\n" + key}, the bytes are the digest's first ones, hex is lower case.
 */
public final class Fingerprint {
    private static final int SHA_256_BYTES = 32;
    private final byte[] digest;

    private Fingerprint(byte[] digest) {
        this.digest = digest;
    }

    /** The fingerprint of {@code text}. */
    public static Fingerprint of(String text) {
        Objects.requireNonNull(text, "text");
        try {
            return new Fingerprint(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * The fingerprint of an item a job imports: the job id is part of it, so two jobs with the same keys never
     * take each other's items for their own, while a resumed job (same id) finds what it created before.
     */
    public static Fingerprint of(UUID jobId, String key) {
        return of(Objects.requireNonNull(jobId, "jobId") + "\n" + Objects.requireNonNull(key, "key"));
    }

    /** The first {@code bytes} bytes (1 to 32) of the digest. */
    public byte[] bytes(int bytes) {
        return Arrays.copyOf(digest, checked(bytes));
    }

    /** The first {@code bytes} bytes (1 to 32) of the digest in lower-case hex: twice as many characters. */
    public String hex(int bytes) {
        return HexFormat.of().formatHex(digest, 0, checked(bytes));
    }

    /** The first 8 bytes as a big-endian long: for in-memory indexes of fingerprints. */
    public long firstLong() {
        return ByteBuffer.wrap(digest).getLong();
    }

    private static int checked(int bytes) {
        if (bytes < 1 || bytes > SHA_256_BYTES) {
            throw new IllegalArgumentException("a SHA-256 fingerprint has 1 to 32 bytes, not " + bytes);
        }
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint other && Arrays.equals(digest, other.digest);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(digest);
    }

    @Override
    public String toString() {
        return "Fingerprint[" + hex(8) + "...]";
    }
}
