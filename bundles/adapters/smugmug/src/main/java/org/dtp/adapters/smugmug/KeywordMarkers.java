package org.dtp.adapters.smugmug;

import org.dtp.spi.Fingerprint;
import java.util.UUID;

/**
 * The keywords that make imports idempotent. SmugMug has no client-supplied id for an album or an image, so
 * the importer tags what it creates with a keyword derived from the job and the engine's idempotency key
 * and looks for it before creating anything again. Keywords are lower-case letters, digits and hyphens
 * (SmugMug separates keywords with ";" or ","), and are compared ignoring case.
 * <ul>
 * <li>{@code dtp-a-<32 hex>}: an album created for a source container;</li>
 * <li>{@code dtp-o-<16 hex of the first album's key>-<n>}: the n-th overflow album of a full album;</li>
 * <li>{@code dtp-i-<32 hex>}: an uploaded image.</li>
 * </ul>
 * The job id is part of the hash: two jobs that happen to use the same keys (two sources with an album
 * "Trip") never merge their albums or skip each other's photos; a job resumed after a crash has the same id.
 */
final class KeywordMarkers {
    static final String ALBUM = "dtp-a-";
    static final String OVERFLOW = "dtp-o-";
    static final String IMAGE = "dtp-i-";
    /** The key of the album for items that were in no album at the source; not a key the engine makes ("c:", "i:"). */
    static final String ROOT_KEY = "\u0000root";

    private KeywordMarkers() {
    }

    static String album(UUID jobId, String key) {
        return ALBUM + Fingerprint.of(jobId, key).hex(16);
    }

    static String image(UUID jobId, String key) {
        return IMAGE + Fingerprint.of(jobId, key).hex(16);
    }

    static String overflow(String firstAlbumKey, int number) {
        return OVERFLOW + hash(firstAlbumKey, 8) + "-" + number;
    }

    /** The overflow number if {@code keyword} marks an overflow album of {@code firstAlbumKey}, else 0. */
    static int overflowNumber(String keyword, String firstAlbumKey) {
        String prefix = OVERFLOW + hash(firstAlbumKey, 8) + "-";
        if (!keyword.toLowerCase(java.util.Locale.ROOT).startsWith(prefix)) {
            return 0;
        }
        try {
            int n = Integer.parseInt(keyword.substring(prefix.length()));
            return n >= 2 ? n : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** 64 bits of an image marker, for the in-memory index; 0 for anything else. */
    static long fingerprint(String keyword) {
        String k = keyword.toLowerCase(java.util.Locale.ROOT);
        if (!k.startsWith(IMAGE) || k.length() < IMAGE.length() + 16) {
            return 0;
        }
        try {
            return Long.parseUnsignedLong(k.substring(IMAGE.length(), IMAGE.length() + 16), 16);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A short hex tag of a marker, for UrlNames. */
    static String tag(String marker) {
        return hash(marker, 3);
    }

    private static String hash(String text, int bytes) {
        return Fingerprint.of(text).hex(bytes);
    }
}
