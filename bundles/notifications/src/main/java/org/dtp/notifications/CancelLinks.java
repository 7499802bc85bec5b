package org.dtp.notifications;

import org.dtp.transfer.TransferJob;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

/**
 * Cancel links: {@code {publicUrl}/api/v1/cancellations/{token}}, where the token is a capability, the base64url of
 * a format byte, the job id, the link's expiry (epoch seconds) and an HMAC-SHA256 of those with the signing key.
 * Anyone holding the link may cancel that one transfer until the link expires; nothing else.
 */
@Component(service = CancelLinks.class, configurationPid = NotificationsConfig.PID)
public final class CancelLinks {
    static final String PATH = "/api/v1/cancellations/";
    static final String KEY_FILE = "dtp-cancel-links.key";
    private static final byte FORMAT = 1;
    private static final int MAC_BYTES = 32;
    private static final int SIGNED_BYTES = 1 + 16 + 8;
    private static final int MIN_KEY_CHARS = 32;

    private final SecretKeySpec key;
    private final Duration validity;
    private final String publicUrl;
    private final Clock clock;

    @Activate
    public CancelLinks(NotificationsConfig config) {
        this(keyOf(config._linkSigningKey(), etc()), Duration.ofHours(config.cancelLinkValidityHours()),
                config.publicUrl(), Clock.systemUTC());
    }

    CancelLinks(byte[] key, Duration validity, String publicUrl, Clock clock) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
        this.validity = validity;
        this.publicUrl = publicUrl.strip().replaceAll("/+$", "");
        this.clock = clock;
    }

    /** The key configured, or else the one in {@value #KEY_FILE} under {@code etc}, generated there when absent. */
    static byte[] keyOf(String configured, Path etc) {
        if (configured != null && !configured.isEmpty()) {
            if (configured.length() < MIN_KEY_CHARS) {
                throw new IllegalArgumentException("the cancel link signing key must have at least " + MIN_KEY_CHARS + " characters");
            }
            return configured.getBytes(StandardCharsets.UTF_8);
        }
        Path file = etc.resolve(KEY_FILE);
        try {
            if (!Files.exists(file)) {
                byte[] secret = new byte[32];
                new SecureRandom().nextBytes(secret);
                Files.createDirectories(etc);
                Path temp = ownerOnlyTempFile(etc);
                try {
                    Files.writeString(temp, Base64.getUrlEncoder().withoutPadding().encodeToString(secret), StandardCharsets.US_ASCII);
                    // No REPLACE_EXISTING: when another node (sharing etc) or thread was first, its key wins.
                    Files.move(temp, file);
                } catch (FileAlreadyExistsException e) {
                    // read below
                } finally {
                    Files.deleteIfExists(temp);
                }
            }
            String stored = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (stored.length() < MIN_KEY_CHARS) {
                throw new IllegalStateException("the cancel link signing key in " + file + " is too short");
            }
            return stored.getBytes(StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read or create the cancel link signing key " + file + ": " + e.getMessage(), e);
        }
    }

    /** An empty file readable by its owner only (where the file system has POSIX permissions). */
    private static Path ownerOnlyTempFile(Path dir) throws IOException {
        try {
            return Files.createTempFile(dir, KEY_FILE, ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            return Files.createTempFile(dir, KEY_FILE, ".tmp");
        }
    }

    private static Path etc() {
        String etc = System.getProperty("karaf.etc");
        return etc != null ? Paths.get(etc) : Paths.get(System.getProperty("karaf.home", "."), "etc");
    }

    /** Until when a job's link works: the end of its grace period, or created + the configured validity. */
    Instant expiryOf(TransferJob job) {
        return job.startsAt() != null ? job.startsAt() : job.createdAt().plus(validity);
    }

    /** The cancel link for a job. */
    String linkFor(TransferJob job) {
        return publicUrl + PATH + token(job.id(), expiryOf(job));
    }

    /** The address of a transfer in the REST API (which asks for credentials). */
    String apiUrlOf(UUID id) {
        return publicUrl + "/api/v1/transfers/" + id;
    }

    String token(UUID id, Instant expiry) {
        ByteBuffer signed = ByteBuffer.allocate(SIGNED_BYTES + MAC_BYTES);
        signed.put(FORMAT).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits())
                .putLong(expiry.getEpochSecond());
        signed.put(mac(Arrays.copyOf(signed.array(), SIGNED_BYTES)));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(signed.array());
    }

    /** The job a token lets its holder cancel: empty for a token that is malformed, forged or expired. */
    Optional<UUID> verify(String token) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(token == null ? "" : token);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (bytes.length != SIGNED_BYTES + MAC_BYTES || bytes[0] != FORMAT) {
            return Optional.empty();
        }
        byte[] expected = mac(Arrays.copyOf(bytes, SIGNED_BYTES));
        if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(bytes, SIGNED_BYTES, bytes.length))) {
            return Optional.empty();
        }
        ByteBuffer fields = ByteBuffer.wrap(bytes, 1, SIGNED_BYTES - 1);
        UUID id = new UUID(fields.getLong(), fields.getLong());
        if (!clock.instant().isBefore(Instant.ofEpochSecond(fields.getLong()))) {
            return Optional.empty();
        }
        return Optional.of(id);
    }

    private byte[] mac(byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e); // every Java 17 runtime has it
        }
    }
}
