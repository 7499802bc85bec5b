package org.dtp.adapters.smugmug;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.fakes.smugmug.FakeSmugMug;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** A fake SmugMug with one user, and the adapter's pieces built against it without a framework. */
final class Fixture implements AutoCloseable {
    final FakeSmugMug fake;
    final FakeSmugMug.Account ann;
    final UUID job = UUID.randomUUID();

    Fixture() throws IOException {
        fake = FakeSmugMug.start();
        ann = fake.addUser("ann");
    }

    SmugMugSettings.Builder settings() {
        return SmugMugSettings.builder()
                .consumer(fake.consumerKey(), fake.consumerSecret())
                .api(fake.apiBaseUri(), fake.uploadUri())
                .requestsPerSecond(1000)
                .requestTimeout(Duration.ofSeconds(20));
    }

    SmugMugConnector connector() {
        return new SmugMugConnector(settings().build());
    }

    TransferEndpoint endpoint(FakeSmugMug.Account account) {
        return new TransferEndpoint("smugmug", Map.of(SmugMugConnector.ACCESS_TOKEN, account.token(),
                SmugMugConnector.ACCESS_TOKEN_SECRET, account.tokenSecret()));
    }

    TransferContext source() {
        return source(ann);
    }

    TransferContext source(FakeSmugMug.Account account) {
        TransferEndpoint endpoint = endpoint(account);
        return new TestTransferContext(job, endpoint);
    }

    /** Media refs are "bytes:<text>": the bytes are the UTF-8 text. */
    TestImportContext destination() {
        return new TestImportContext(job, endpoint(ann), ref -> new ByteArrayInputStream(bytesOf(ref)));
    }

    static byte[] bytesOf(MediaRef ref) {
        return ref.uri().substring("bytes:".length()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    static MediaItem photo(String id, String fileName, String title, String caption, String content) {
        byte[] bytes = content.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return MediaItem.builder()
                .id(id)
                .kind(MediaKind.PHOTO)
                .fileName(fileName)
                .title(title)
                .description(caption)
                .content(new MediaRef("bytes:" + content, "image/jpeg", bytes.length))
                .build();
    }

    static String sha256(InputStream in) throws IOException {
        try (in) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(byte[] bytes) throws IOException {
        return sha256(new ByteArrayInputStream(bytes));
    }

    @Override
    public void close() {
        fake.close();
    }
}
