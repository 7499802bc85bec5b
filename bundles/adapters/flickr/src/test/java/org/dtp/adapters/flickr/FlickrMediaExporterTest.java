package org.dtp.adapters.flickr;

import org.dtp.adapters.flickr.fake.FakeFlickr.StoredPhoto;
import org.dtp.adapters.flickr.fake.FakeFlickr.StoredSet;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class FlickrMediaExporterTest {
    private Fixture f;

    @Before
    public void start() throws Exception {
        f = new Fixture();
    }

    @After
    public void stop() {
        f.close();
    }

    /** Every container and item the exporter gives, walking every page as the engine does; counts the pages. */
    private static final class Walk {
        final List<PhotoAlbum> albums = new ArrayList<>();
        final Map<String, List<MediaItem>> items = new TreeMap<>();
        int pages;
    }

    private Walk walk(FlickrMediaExporter exporter) throws AdapterException {
        Walk walk = new Walk();
        List<String> containers = new ArrayList<>();
        containers.add(null);
        for (int i = 0; i < containers.size(); i++) {
            String container = containers.get(i);
            String continuation = null;
            do {
                ExportPage<PhotoAlbum, MediaItem> page = exporter.export(f.source(), new ExportCursor(container, continuation));
                walk.pages++;
                page.containers().forEach(c -> {
                    walk.albums.add(c);
                    containers.add(c.id());
                });
                walk.items.computeIfAbsent(String.valueOf(container), k -> new ArrayList<>()).addAll(page.items());
                continuation = page.continuation();
            } while (continuation != null);
        }
        return walk;
    }

    @Test
    public void bothSidesNameTheAccountByTheFlickrNsid() throws Exception {
        FlickrConnector connector = f.connector();
        assertEquals(java.util.Optional.of(f.fake.nsid()), new FlickrMediaExporter(connector).accountId(f.source()));
        assertEquals(java.util.Optional.of(f.fake.nsid()), new FlickrMediaImporter(connector).accountId(f.destination()));
    }

    @Test
    public void pagesThroughPhotosetsTheirPhotosAndPhotosInNoSet() throws Exception {
        List<StoredSet> sets = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            StoredSet set = f.fake.addPhotoset("Set " + s, s == 0 ? "first" : "");
            for (int p = 0; p < 5; p++) {
                f.fake.addPhoto(set, "s" + s + "p" + p, "", false, "jpg", ("set " + s + " photo " + p).getBytes(StandardCharsets.UTF_8));
            }
            sets.add(set);
        }
        for (int p = 0; p < 3; p++) {
            f.fake.addPhoto(null, "loose " + p, "", false, "png", ("loose " + p).getBytes(StandardCharsets.UTF_8));
        }
        FlickrMediaExporter exporter = new FlickrMediaExporter(new FlickrConnector(f.settings(36_000_000, 2)));

        Walk walk = walk(exporter);

        assertEquals(List.of("Set 0", "Set 1", "Set 2"), walk.albums.stream().map(PhotoAlbum::name).toList());
        assertEquals("first", walk.albums.get(0).description());
        assertNull(walk.albums.get(1).description());
        for (StoredSet set : sets) {
            List<MediaItem> items = walk.items.get(set.id);
            assertEquals(5, items.size());
            assertEquals(set.photoIds.stream().map(id -> set.id + "/" + id).toList(), items.stream().map(MediaItem::id).toList());
        }
        assertEquals(List.of("loose 0", "loose 1", "loose 2"), walk.items.get("null").stream().map(MediaItem::title).toList());
        assertEquals("image/png", walk.items.get("null").get(0).content().contentType());
        // root: 2 pages of sets, 2 of loose photos; each set: 3 pages of 2
        assertEquals(2 + 2 + 3 * 3, walk.pages);
        assertEquals(2, f.fake.calls("flickr.photosets.getList"));
        assertEquals(9, f.fake.calls("flickr.photosets.getPhotos"));
    }

    @Test
    public void exportsFieldsAndTheOriginalBytesOfPhotosAndVideos() throws Exception {
        StoredSet set = f.fake.addPhotoset("Trip", "Two days");
        byte[] photoBytes = "the original photo".getBytes(StandardCharsets.UTF_8);
        StoredPhoto photo = f.fake.addPhoto(set, "Duomo", "From the roof ☕", false, "jpg", photoBytes);
        photo.latitude = 45.4642;
        photo.longitude = 9.19;
        photo.dateTaken = "2011-05-02 10:15:30";
        byte[] videoBytes = "the original video".getBytes(StandardCharsets.UTF_8);
        f.fake.addPhoto(set, "Clip", "", true, "mov", videoBytes);
        FlickrMediaExporter exporter = new FlickrMediaExporter(f.connector());

        List<MediaItem> items = exporter.export(f.source(), new ExportCursor(set.id, null)).items();

        MediaItem p = items.get(0);
        assertEquals(MediaKind.PHOTO, p.kind());
        assertEquals("Duomo", p.title());
        assertEquals("From the roof ☕", p.description());
        assertEquals(45.4642, p.location().latitude(), 1e-9);
        assertEquals(9.19, p.location().longitude(), 1e-9);
        assertEquals(Instant.parse("2011-05-02T10:15:30Z"), p.takenAt());
        assertEquals(Integer.valueOf(640), p.width());
        assertEquals(photo.id + ".jpg", p.fileName());
        assertEquals(Fixture.sha256(photoBytes), Fixture.sha256(exporter.openMedia(f.source(), p.content())));
        MediaItem v = items.get(1);
        assertEquals(MediaKind.VIDEO, v.kind());
        assertNull(v.location());
        assertNull(v.description());
        // the video's original, not the still frame url_o names
        assertEquals(Fixture.sha256(videoBytes), Fixture.sha256(exporter.openMedia(f.source(), v.content())));
    }

    @Test
    public void aPhotoWithoutDownloadableOriginalIsRejectedAlone() throws Exception {
        StoredSet set = f.fake.addPhotoset("Trip", "");
        f.fake.addPhoto(set, "locked", "", false, "jpg", new byte[]{1}).originalDownloadable = false;
        f.fake.addPhoto(set, "open", "", false, "jpg", new byte[]{2});
        FlickrMediaExporter exporter = new FlickrMediaExporter(f.connector());

        List<MediaItem> items = exporter.export(f.source(), new ExportCursor(set.id, null)).items();

        assertEquals(2, items.size());
        ItemRejectedException e = assertThrows(ItemRejectedException.class, () -> exporter.openMedia(f.source(), items.get(0).content()));
        assertTrue(e.getMessage(), e.getMessage().contains("does not allow downloads of originals"));
        assertEquals(1, exporter.openMedia(f.source(), items.get(1).content()).readAllBytes().length);
    }

    @Test
    public void refusesMediaAddressesOffFlickr() throws Exception {
        FlickrMediaExporter exporter = new FlickrMediaExporter(f.connector());
        ItemRejectedException e = assertThrows(ItemRejectedException.class, () -> exporter.openMedia(f.source(),
                new org.dtp.models.MediaRef("https://evil.example.org/x.jpg", "image/jpeg", -1)));
        assertTrue(e.getMessage(), e.getMessage().contains("not a Flickr media host"));
    }

    @Test
    public void flickrFailuresBecomeTheSpiExceptions() throws Exception {
        StoredSet set = f.fake.addPhotoset("Trip", "");
        FlickrMediaExporter exporter = new FlickrMediaExporter(f.connector());

        f.fake.failNext("flickr.photosets.getPhotos", 105, 1);
        TransientAdapterException unavailable = assertThrows(TransientAdapterException.class,
                () -> exporter.export(f.source(), new ExportCursor(set.id, null)));
        assertTrue(unavailable.getMessage(), unavailable.getMessage().contains("error 105"));

        AdapterException missing = assertThrows(AdapterException.class, () -> exporter.export(f.source(), new ExportCursor("999", null)));
        assertTrue(missing.getMessage(), missing.getMessage().contains("error 1: Photoset not found"));

        f.fake.failNext("flickr.photosets.getList", 98, 1);
        AuthorizationRefusedException refused = assertThrows(AuthorizationRefusedException.class,
                () -> exporter.export(f.source(), ExportCursor.root()));
        assertTrue(refused.getMessage(), refused.getMessage().contains("access token"));
    }
}
