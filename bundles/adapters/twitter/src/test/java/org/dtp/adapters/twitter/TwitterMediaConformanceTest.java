package org.dtp.adapters.twitter;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The SPI conformance kit on the X media exporter against the fake X: the fake holds one user, so each test has an X
 * of its own, filled through the fake (export only) with one post per sample photo or video; five posts a page, the
 * fewest X gives. The fake keeps media files on disk, so the large-media test streams the full 256 MiB.
 */
public class TwitterMediaConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    /** X numbers posts by time; the samples get ids below this one, newest first. */
    private static final long FIRST_POST_ID = 1_800_000_000_000_000_100L;
    /** A post's time when the sample has none. */
    private static final Instant UNDATED = Instant.parse("2024-01-01T00:00:00Z");
    private Fixture f;

    @Before
    public void startFake() throws IOException {
        f = new Fixture();
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return f.endpoint(f.fake.issueTokens());
    }

    /** The exporter's one album holds the media of every post. */
    @Override
    protected SampleData<PhotoAlbum, MediaItem> samples() {
        return SampleData.<PhotoAlbum, MediaItem>of(Vertical.MEDIA).in(new PhotoAlbum(f.fake.userId, "Media of @" + f.fake.username, null));
    }

    /**
     * A post per item, its text the item's description, the file's alt text its title. X keeps no file names: the
     * exporter names a file after its media key.
     */
    @Override
    protected void seed(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws IOException {
        List<MediaItem> items = data.items();
        for (int i = 0; i < items.size(); i++) {
            MediaItem item = items.get(i);
            String postId = String.valueOf(FIRST_POST_ID - i);
            ObjectNode post = f.fake.post(postId, Objects.requireNonNullElse(item.description(), ""),
                    Objects.requireNonNullElse(item.takenAt(), UNDATED).toString(), "en");
            boolean video = item.kind() == MediaKind.VIDEO;
            String key = (video ? "7_" : "3_") + postId;
            try (InputStream content = data.open(item.content())) {
                f.fake.attach(post, key, video ? "video" : "photo", content, item.title(),
                        Objects.requireNonNullElse(item.width(), 1920), Objects.requireNonNullElse(item.height(), 1080));
            }
            seededAs(item, key + (video ? ".mp4" : ".jpg"));
        }
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new TwitterMediaExporter(f.connector(5));
    }
}
