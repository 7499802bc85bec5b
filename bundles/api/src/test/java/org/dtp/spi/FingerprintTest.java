package org.dtp.spi;

import org.junit.Test;

import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;

/**
 * Fixed vectors: fingerprints are stored at destinations (Google descriptions, SmugMug keywords, RTM and Flickr tags,
 * DAV resource names), so one that changes makes every repeated import create its items twice.
 */
public class FingerprintTest {
    private static final UUID JOB = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");

    @Test
    public void isTheSha256OfTheJobAndKeyOnTwoLines() {
        // printf '0f8fad5b-d9cb-469f-a165-70867728950e\ni:photo-1' | sha256sum
        assertEquals("883d67f0842b2d0f0f8b66ae1e8bcd7e", Fingerprint.of(JOB, "i:photo-1").hex(16));
        assertEquals(Fingerprint.of(JOB + "\ni:photo-1"), Fingerprint.of(JOB, "i:photo-1"));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb924", Fingerprint.of("").hex(16));
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Fingerprint.of("abc").hex(32));
    }

    @Test
    public void cutsTheDigestToWhatAProviderHolds() {
        Fingerprint abc = Fingerprint.of("abc");
        assertEquals("ba7816bf", abc.hex(4));
        assertArrayEquals(new byte[] {(byte) 0xba, 0x78, 0x16}, abc.bytes(3));
        assertEquals(0xba7816bf8f01cfeaL, abc.firstLong());
        assertThrows(IllegalArgumentException.class, () -> abc.hex(0));
        assertThrows(IllegalArgumentException.class, () -> abc.bytes(33));
    }

    @Test
    public void differsByJobAndByKey() {
        assertNotEquals(Fingerprint.of(JOB, "i:1"), Fingerprint.of(UUID.randomUUID(), "i:1"));
        assertNotEquals(Fingerprint.of(JOB, "i:1"), Fingerprint.of(JOB, "i:2"));
    }
}
