package org.dtp.adapters.google;

import org.dtp.spi.Fingerprint;
import org.dtp.adapters.google.media.AlbumMembership;
import org.junit.Test;

import java.util.UUID;

import static org.junit.Assert.assertEquals;

/** DescriptionMarkers, generated UIDs and membership fingerprints are stored at Google: their values must never change. */
public class DescriptionMarkersTest {
    private static final UUID JOB = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

    @Test
    public void markerIsTheFirst8BytesOfTheHashOfJobAndKey() {
        assertEquals("dtp:6c969b107ee298eb", DescriptionMarkers.marker(JOB, "key-1"));
        assertEquals(0x6c969b107ee298ebL, DescriptionMarkers.fingerprint(DescriptionMarkers.marker(JOB, "key-1")));
    }

    @Test
    public void generatedUidsAreTheFirst16BytesOfTheSameHash() {
        assertEquals("6c969b107ee298ebccc5d6a3524beca5", Fingerprint.of(JOB, "key-1").hex(16));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb924", Fingerprint.of("").hex(16));
    }

    @Test
    public void albumMembershipFingerprintsAreTheFirst8BytesBigEndian() {
        assertEquals(5645856465612604231L, AlbumMembership.fingerprint("AF1QipN-item"));
        assertEquals(5375421630974772051L, AlbumMembership.fingerprint("\u00e9"));
    }
}
