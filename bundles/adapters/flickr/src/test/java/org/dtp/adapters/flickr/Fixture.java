package org.dtp.adapters.flickr;

import org.dtp.adapters.flickr.fake.FakeFlickr;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.spi.TransferEndpoint;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A fake Flickr and the adapter's pieces built against it, without a framework. */
final class Fixture implements AutoCloseable {
    final FakeFlickr fake;
    final UUID job = UUID.randomUUID();

    Fixture() throws IOException {
        fake = FakeFlickr.start();
    }

    FlickrSettings settings(int requestsPerHour, int perPage) {
        return new FlickrSettings(fake.consumerKey(), fake.consumerSecret(), fake.restUri(), fake.uploadUri(), requestsPerHour, 1000,
                perPage, false, Duration.ofSeconds(20), List.of("staticflickr.com"));
    }

    FlickrConnector connector() {
        return new FlickrConnector(settings(36_000_000, 500));
    }

    TransferEndpoint endpoint() {
        return new TransferEndpoint("flickr", Map.of(FlickrConnector.ACCESS_TOKEN, fake.token(),
                FlickrConnector.ACCESS_TOKEN_SECRET, fake.tokenSecret()));
    }

    TestTransferContext source() {
        return new TestTransferContext(job, endpoint());
    }

    /** Media refs are "bytes:<text>"; size as given (-1: unknown). */
    TestImportContext destination() {
        return new TestImportContext(job, endpoint(), ref -> new ByteArrayInputStream(bytesOf(ref)));
    }

    static byte[] bytesOf(MediaRef ref) {
        return ref.uri().substring("bytes:".length()).getBytes(StandardCharsets.UTF_8);
    }

    static MediaItem photo(String id, String title, String description, String content, boolean sizeKnown) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return MediaItem.builder()
                .id(id)
                .kind(MediaKind.PHOTO)
                .fileName(id + ".jpg")
                .title(title)
                .description(description)
                .content(new MediaRef("bytes:" + content, "image/jpeg", sizeKnown ? bytes.length : -1))
                .build();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(InputStream in) throws IOException {
        try (in) {
            return sha256(in.readAllBytes());
        }
    }

    static URI uri(String text) {
        return URI.create(text);
    }

    @Override
    public void close() {
        fake.close();
    }
}
