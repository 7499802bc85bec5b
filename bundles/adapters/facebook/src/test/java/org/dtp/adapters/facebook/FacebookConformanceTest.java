package org.dtp.adapters.facebook;

import org.dtp.adapters.facebook.fake.FakeFacebook;
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
import java.util.Objects;

/**
 * The SPI conformance kit on the Facebook exporter against the fake Facebook: the fake holds one user's albums, so
 * each test has a Facebook of its own, filled through the fake (export only): an album per sample album, photos in
 * it, videos among the user's uploaded videos; two a page. The fake's CDN keeps files on disk, so the large-media
 * test streams the full 256 MiB.
 */
public class FacebookConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    /** Facebook ids are numbers; the samples' albums, photos and videos get ids from this one on. */
    private static final long FIRST_ID = 10_160_000_000_000_000L;
    /** A time when the sample has none. */
    private static final Instant UNDATED = Instant.parse("2024-01-01T00:00:00Z");
    private FakeFacebook fake;

    @Before
    public void startFake() throws IOException {
        fake = new FakeFacebook();
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

    /**
     * A photo's caption is the item's description; a video keeps its title too. Facebook keeps no file names: the
     * exporter names a file after its id.
     */
    @Override
    protected void seed(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws IOException {
        long id = FIRST_ID;
        for (SampleData.Box<PhotoAlbum, MediaItem> box : data.boxes()) {
            String album = String.valueOf(id++);
            fake.album(album, box.container().name(), box.container().description(), FakeGraph.time(UNDATED));
            for (MediaItem item : box.items()) {
                String itemId = String.valueOf(id++);
                String time = FakeGraph.time(Objects.requireNonNullElse(item.takenAt(), UNDATED));
                boolean video = item.kind() == MediaKind.VIDEO;
                try (InputStream content = data.open(item.content())) {
                    if (video) {
                        fake.video(itemId, item.title(), item.description(), time, content);
                    } else {
                        fake.photo(album, itemId, item.description(), time, content,
                                Objects.requireNonNullElse(item.width(), 640), Objects.requireNonNullElse(item.height(), 480),
                                item.location() == null ? null : item.location().latitude(),
                                item.location() == null ? null : item.location().longitude());
                    }
                }
                seededAs(item, itemId + (video ? ".mp4" : ".jpg"));
            }
        }
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return Fixture.exporter(fake);
    }
}
