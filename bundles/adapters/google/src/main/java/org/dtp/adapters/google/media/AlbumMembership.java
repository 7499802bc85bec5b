package org.dtp.adapters.google.media;

import org.dtp.spi.Fingerprint;
import java.util.Arrays;

/**
 * The media items that are in at least one album, as a sorted array of 64 bits of a hash of each id (8 bytes per
 * item): the exporter skips those when it lists the library for items in no album, so that no item is copied both
 * with its album and loose. A collision (two ids with the same 64 bits, about one in 10^10 for a million items)
 * would leave one loose item out; the set is made again after a restart, from the same albums.
 */
public final class AlbumMembership {
    private final long[] sorted;

    private AlbumMembership(long[] sorted) {
        this.sorted = sorted;
    }

    boolean contains(String mediaItemId) {
        return Arrays.binarySearch(sorted, fingerprint(mediaItemId)) >= 0;
    }

    public static long fingerprint(String mediaItemId) {
        return Fingerprint.of(mediaItemId).firstLong();
    }

    /** Collects fingerprints, then {@link #build}s the set. */
    static final class Builder {
        private long[] values = new long[1024];
        private int size;

        void add(String mediaItemId) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = fingerprint(mediaItemId);
        }

        AlbumMembership build() {
            long[] sorted = Arrays.copyOf(values, size);
            Arrays.sort(sorted);
            return new AlbumMembership(sorted);
        }
    }
}
