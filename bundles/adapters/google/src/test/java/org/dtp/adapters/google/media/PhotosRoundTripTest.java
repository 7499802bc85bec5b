package org.dtp.adapters.google.media;

import org.dtp.adapters.google.Fixture;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.DescriptionMarkers;
import org.dtp.adapters.google.fake.FakeGoogle;
import org.dtp.core.testing.TestEngine;
import org.dtp.models.Vertical;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Google Photos to Google Photos through the real engine: paging, bytes, a token expiring and a 429 on the way. */
public class PhotosRoundTripTest {
    private Fixture from;
    private Fixture to;
    private TestEngine engine;

    @Before
    public void setUp() throws Exception {
        from = new Fixture(3);
        to = new Fixture(3);
        engine = new TestEngine()
                .exporter(GoogleConnector.PROVIDER, Vertical.MEDIA, new GooglePhotosExporter(from.connector()))
                .importer(GoogleConnector.PROVIDER, Vertical.MEDIA, new GooglePhotosImporter(to.connector()));
    }

    @After
    public void tearDown() {
        engine.close();
        from.close();
        to.close();
    }

    @Test
    public void everyAlbumAndItemArrivesOnceWithItsBytesThroughExpiredTokensAndThrottling() throws Exception {
        Map<String, String> expected = new TreeMap<>(); // "album/file" -> SHA-256
        int seed = 0;
        for (String albumName : List.of("Milan", "Alps", "Family", "Beach")) {
            String album = from.fake.addAlbum(albumName);
            for (int i = 0; i < 4; i++) {
                boolean video = i == 3;
                byte[] bytes = Fixture.bytes(20_000 + 1000 * seed, seed++);
                String name = albumName.toLowerCase() + i + (video ? ".mp4" : ".jpg");
                from.fake.addItem(album, name, video ? "video/mp4" : "image/jpeg", "about " + name, bytes, video, null);
                expected.put(albumName + "/" + name, Fixture.sha256(bytes));
            }
        }
        for (int i = 0; i < 4; i++) {
            byte[] bytes = Fixture.bytes(3000, 100 + i);
            from.fake.addItem(null, "loose" + i + ".png", "image/png", null, bytes, false, null);
            expected.put("Imported photos/loose" + i + ".png", Fixture.sha256(bytes));
        }
        // Mid-transfer: both sides' tokens expire, and the destination throttles once.
        from.fake.atRequest(9, from.fake::expireAccessTokens);
        to.fake.atRequest(12, to.fake::expireAccessTokens);
        to.fake.atRequest(20, () -> to.fake.throttleNext(1, 1));

        TransferJob job = engine.run(Vertical.MEDIA, from.endpoint(), to.endpoint());

        assertEquals(engine.details(job.id()).errors().toString(), JobState.COMPLETED, job.state());
        Map<String, String> arrived = new TreeMap<>();
        Map<String, String> descriptions = new HashMap<>();
        for (FakeGoogle.Album album : to.fake.albums()) {
            for (FakeGoogle.Item item : to.fake.itemsOf(album.id())) {
                String key = album.title() + "/" + item.filename();
                assertEquals("once: " + key, null, arrived.put(key, Fixture.sha256(item.bytes())));
                descriptions.put(key, DescriptionMarkers.withoutMarker(item.description()));
            }
        }
        assertEquals(expected, arrived);
        assertEquals("about milan2.jpg", descriptions.get("Milan/milan2.jpg"));
        assertTrue(from.fake.refreshes() >= 1);
        assertTrue(to.fake.refreshes() >= 1);
        assertEquals(1, to.fake.throttled());
        List<String> titles = new ArrayList<>(to.fake.albums().stream().map(FakeGoogle.Album::title).toList());
        assertEquals(List.of("Milan", "Alps", "Family", "Beach", "Imported photos"), titles);
    }
}
