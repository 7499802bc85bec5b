package org.dtp.notifications;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Cancel tokens are capabilities: only an untouched, unexpired token made with the key names its job. */
public class CancelLinksTest {
    private static final byte[] KEY = "a-test-signing-key-of-32-characters!".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2026-12-03T12:00:00Z");
    private final CancelLinks links = new CancelLinks(KEY, Duration.ofHours(24), "https://dtp.example.org/", Clock.fixed(NOW, ZoneOffset.UTC));

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    @Test
    public void aFreshTokenNamesItsJob() {
        UUID id = UUID.randomUUID();
        assertEquals(Optional.of(id), links.verify(links.token(id, NOW.plusSeconds(60))));
    }

    @Test
    public void anExpiredTokenIsRefused() {
        UUID id = UUID.randomUUID();
        assertEquals(Optional.empty(), links.verify(links.token(id, NOW)));
        assertEquals(Optional.empty(), links.verify(links.token(id, NOW.minusSeconds(1))));
    }

    @Test
    public void aTamperedTokenIsRefused() {
        UUID id = UUID.randomUUID();
        byte[] token = Base64.getUrlDecoder().decode(links.token(id, NOW.plusSeconds(3600)));
        for (int i = 0; i < token.length; i++) {
            byte[] tampered = token.clone();
            tampered[i] ^= 0x01;
            assertEquals("byte " + i, Optional.empty(), links.verify(Base64.getUrlEncoder().withoutPadding().encodeToString(tampered)));
        }
    }

    @Test
    public void anotherJobsSignatureDoesNotCoverThisJob() {
        UUID mine = UUID.randomUUID();
        UUID theirs = UUID.randomUUID();
        byte[] myToken = Base64.getUrlDecoder().decode(links.token(mine, NOW.plusSeconds(3600)));
        byte[] theirToken = Base64.getUrlDecoder().decode(links.token(theirs, NOW.plusSeconds(3600)));
        // Their id and expiry with my signature, and the other way round.
        byte[] spliced = theirToken.clone();
        System.arraycopy(myToken, 25, spliced, 25, 32);
        assertEquals(Optional.empty(), links.verify(Base64.getUrlEncoder().withoutPadding().encodeToString(spliced)));
        assertEquals(Optional.of(theirs), links.verify(Base64.getUrlEncoder().withoutPadding().encodeToString(theirToken)));
    }

    @Test
    public void aTokenSignedWithAnotherKeyIsRefused() {
        CancelLinks other = new CancelLinks("another-key-another-key-another-key".getBytes(StandardCharsets.UTF_8),
                Duration.ofHours(24), "https://dtp.example.org", Clock.fixed(NOW, ZoneOffset.UTC));
        assertEquals(Optional.empty(), links.verify(other.token(UUID.randomUUID(), NOW.plusSeconds(60))));
    }

    @Test
    public void garbageIsRefused() {
        for (String garbage : new String[]{"", "x", "not base64 !", "%2e%2e", "AAAA", null,
                Base64.getUrlEncoder().encodeToString(new byte[57])}) {
            assertEquals(String.valueOf(garbage), Optional.empty(), links.verify(garbage));
        }
    }

    @Test
    public void aGeneratedKeyIsKeptInEtcForItsOwnerOnlyAndReused() throws Exception {
        Path etc = folder.newFolder("etc").toPath();
        byte[] first = CancelLinks.keyOf("", etc);
        Path file = etc.resolve(CancelLinks.KEY_FILE);
        assertTrue(Files.exists(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertArrayEquals(first, CancelLinks.keyOf("", etc));
        assertFalse(new String(first, StandardCharsets.US_ASCII).isBlank());
        try (var files = Files.list(etc)) {
            assertEquals(1, files.count()); // no temporary file left behind
        }
    }

    @Test
    public void aConfiguredKeyWinsAndMustBeLongEnough() throws Exception {
        Path etc = folder.newFolder("etc2").toPath();
        assertArrayEquals(KEY, CancelLinks.keyOf(new String(KEY, StandardCharsets.UTF_8), etc));
        assertFalse(Files.exists(etc.resolve(CancelLinks.KEY_FILE)));
        assertThrows(IllegalArgumentException.class, () -> CancelLinks.keyOf("short", etc));
    }

    @Test
    public void aLinkExpiresAtTheEndOfTheGracePeriodOrAfterTheValidity() {
        TransferJob graced = job(NOW.plusSeconds(600));
        TransferJob atOnce = job(null);
        assertEquals(NOW.plusSeconds(600), links.expiryOf(graced));
        assertEquals(NOW.plus(Duration.ofHours(24)), links.expiryOf(atOnce));

        String link = links.linkFor(graced);
        assertTrue(link, link.startsWith("https://dtp.example.org/api/v1/cancellations/"));
        String token = link.substring(link.lastIndexOf('/') + 1);
        assertTrue(token, token.matches("[A-Za-z0-9_-]+"));
        assertEquals(Optional.of(graced.id()), links.verify(token));
        CancelLinks later = new CancelLinks(KEY, Duration.ofHours(24), "https://dtp.example.org",
                Clock.fixed(NOW.plusSeconds(600), ZoneOffset.UTC));
        assertEquals(Optional.empty(), later.verify(token));
    }

    private static TransferJob job(Instant startsAt) {
        return new TransferJob(UUID.randomUUID(), Vertical.TASKS, new TransferEndpoint("a", Map.of()),
                new TransferEndpoint("b", Map.of()), JobState.QUEUED, "queued", NOW, NOW, 0, 0, 0, null, null, "ann", startsAt);
    }
}
