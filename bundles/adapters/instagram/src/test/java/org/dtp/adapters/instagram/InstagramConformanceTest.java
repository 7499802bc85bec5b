package org.dtp.adapters.instagram;

import org.dtp.adapters.instagram.fake.FakeInstagram;
import org.dtp.adapters.metagraph.fake.FakeGraph;
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
 * The SPI conformance kit on the Instagram exporter against the fake Instagram: the fake holds one user's media, so
 * each test has an Instagram of its own, filled through the fake (export only) with a post per sample; two media a
 * page. The fake's CDN keeps files on disk, so the large-media test streams the full 256 MiB.
 */
public class InstagramConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    /** Instagram media ids are numbers; the samples get ids from this one on. */
    private static final long FIRST_MEDIA_ID = 17_900_000_000_000_000L;
    /** A post's time when the sample has none. */
    private static final Instant UNDATED = Instant.parse("2024-01-01T00:00:00Z");
    private FakeInstagram fake;

    @Before
    public void startFake() throws IOException {
        fake = new FakeInstagram();
    }

    @After
    public void stopFake() {
        fake.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return Fixture.endpoint(fake, "conformance");
    }

    /** Instagram has no albums: every sample is at the root. */
    @Override
    protected SampleData<PhotoAlbum, MediaItem> samples() {
        return SampleData.<PhotoAlbum, MediaItem>of(Vertical.MEDIA).in(null);
    }

    /**
     * A post per item, its caption the item's description. Instagram keeps no file names: the exporter names a file
     * after its media id.
     */
    @Override
    protected void seed(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws IOException {
        List<MediaItem> items = data.items();
        for (int i = 0; i < items.size(); i++) {
            MediaItem item = items.get(i);
            String id = String.valueOf(FIRST_MEDIA_ID + i);
            boolean video = item.kind() == MediaKind.VIDEO;
            try (InputStream content = data.open(item.content())) {
                fake.post(id, video ? "VIDEO" : "IMAGE", item.description(),
                        FakeGraph.time(Objects.requireNonNullElse(item.takenAt(), UNDATED)), content);
            }
            seededAs(item, id + (video ? ".mp4" : ".jpg"));
        }
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return Fixture.exporter(fake);
    }
}
