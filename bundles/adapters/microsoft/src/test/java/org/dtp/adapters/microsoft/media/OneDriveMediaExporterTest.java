package org.dtp.adapters.microsoft.media;

import org.dtp.adapters.microsoft.Fixture;
import org.dtp.adapters.microsoft.fake.FakeGraph;
import org.dtp.conformance.ModelComparison;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class OneDriveMediaExporterTest {
    private final Fixture f;
    private final OneDriveMediaExporter exporter;

    public OneDriveMediaExporterTest() throws Exception {
        f = new Fixture(2, 1);
        exporter = new OneDriveMediaExporter(f.connector);
    }

    @After
    public void close() {
        f.close();
    }

    /** Every page of a container, following @odata.nextLink. */
    private List<ExportPage<PhotoAlbum, MediaItem>> pages(TestTransferContext context, String containerId) throws Exception {
        List<ExportPage<PhotoAlbum, MediaItem>> pages = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<PhotoAlbum, MediaItem> page = exporter.export(context, new ExportCursor(containerId, continuation));
            pages.add(page);
            continuation = page.continuation();
        } while (continuation != null);
        return pages;
    }

    @Test
    public void exportsFoldersAsAlbumsAndPhotosAndVideosWithTheirFacetsAcrossPages() throws Exception {
        FakeGraph.Item trip = f.fake.folder(FakeGraph.ROOT, "Trip");
        FakeGraph.Item inner = f.fake.folder(trip.id, "Day 1");
        byte[] jpeg = Fixture.bytes(70_000, 1);
        FakeGraph.Item photo = f.fake.file(trip.id, "IMG_1.jpg", "image/jpeg", jpeg, """
                {"image":{"width":4032,"height":3024},
                 "photo":{"takenDateTime":"2026-07-01T10:15:30Z","cameraMake":"Canon","cameraModel":"EOS R6","fNumber":2.8,
                          "exposureNumerator":1,"exposureDenominator":250,"iso":200},
                 "location":{"latitude":47.3769,"longitude":8.5417,"altitude":408.0}}""");
        FakeGraph.Item video = f.fake.file(trip.id, "clip.mp4", "video/mp4", Fixture.bytes(90_000, 2),
                "{\"video\":{\"width\":1920,\"height\":1080,\"duration\":4000}}");
        f.fake.file(trip.id, "notes.pdf", "application/pdf", Fixture.bytes(100, 3), null);
        for (int i = 0; i < 3; i++) {
            f.fake.file(trip.id, "more" + i + ".png", "image/png", Fixture.bytes(1000 + i, 10 + i), null);
        }
        TestTransferContext context = f.source();

        List<ExportPage<PhotoAlbum, MediaItem>> root = pages(context, null);
        assertEquals(List.of("Trip"), root.stream().flatMap(p -> p.containers().stream()).map(PhotoAlbum::name).toList());

        List<ExportPage<PhotoAlbum, MediaItem>> pages = pages(context, trip.id);
        assertEquals("7 children, $top=2", 4, pages.size());
        List<MediaItem> items = pages.stream().flatMap(p -> p.items().stream()).toList();
        assertEquals("the pdf is not a photo or video", List.of("IMG_1.jpg", "clip.mp4", "more0.png", "more1.png", "more2.png"),
                items.stream().map(MediaItem::fileName).toList());
        assertEquals(List.of(inner.id), pages.stream().flatMap(p -> p.containers().stream()).map(PhotoAlbum::id).toList());

        MediaItem p = items.get(0);
        assertEquals(photo.id, p.id());
        assertEquals(MediaKind.PHOTO, p.kind());
        assertEquals(Instant.parse("2026-07-01T10:15:30Z"), p.takenAt());
        assertEquals(47.3769, p.location().latitude(), 1e-9);
        assertEquals(8.5417, p.location().longitude(), 1e-9);
        assertEquals(408.0, p.location().altitude(), 1e-9);
        assertEquals(Integer.valueOf(4032), p.width());
        assertEquals(Integer.valueOf(3024), p.height());
        assertEquals(Map.of("Make", "Canon", "Model", "EOS R6", "FNumber", "2.8", "ISOSpeedRatings", "200", "ExposureTime", "1/250"),
                new HashMap<>(p.exif()));
        assertEquals("image/jpeg", p.content().contentType());
        assertEquals(jpeg.length, p.content().size());

        MediaItem v = items.get(1);
        assertEquals(video.id, v.id());
        assertEquals(MediaKind.VIDEO, v.kind());
        assertEquals(Integer.valueOf(1920), v.width());
        assertNull(v.takenAt());

        assertEquals(Fixture.sha256(jpeg), ModelComparison.sha256(exporter.openMedia(context, p.content())));
        assertEquals(Fixture.sha256(video.bytes), ModelComparison.sha256(exporter.openMedia(context, v.content())));
        assertEquals("the pre-authenticated download host never sees the token", 0, f.fake.authorizationOnFileHost());
        assertTrue("paged with $top", f.fake.requests().stream().filter(r -> r.endsWith(trip.id.replace("!", "%21") + "/children")).count() >= 1);
    }

    @Test
    public void theFolderSettingExportsOnlyThatFolderAndAMissingOneIsAnEndpointError() throws Exception {
        FakeGraph.Item pictures = f.fake.folder(FakeGraph.ROOT, "Pictures");
        FakeGraph.Item camera = f.fake.folder(pictures.id, "Camera Roll");
        f.fake.folder(FakeGraph.ROOT, "Documents");
        f.fake.file(camera.id, "a.jpg", "image/jpeg", Fixture.bytes(10, 1), null);
        f.fake.file(pictures.id, "top.jpg", "image/jpeg", Fixture.bytes(10, 2), null);

        Map<String, String> settings = new HashMap<>(f.endpoint().settings());
        settings.put(OneDriveMediaExporter.FOLDER, "/Pictures/");
        TestTransferContext context = new TestTransferContext(f.job, new TransferEndpoint("microsoft", settings));
        ExportPage<PhotoAlbum, MediaItem> page = exporter.export(context, ExportCursor.root());
        assertEquals(List.of("Camera Roll"), page.containers().stream().map(PhotoAlbum::name).toList());
        assertEquals(List.of("top.jpg"), page.items().stream().map(MediaItem::fileName).toList());

        settings.put(OneDriveMediaExporter.FOLDER, "Pictures/Nope");
        TestTransferContext missing = new TestTransferContext(f.job, new TransferEndpoint("microsoft", settings));
        assertThrows(InvalidEndpointException.class, () -> exporter.export(missing, ExportCursor.root()));
    }

    @Test
    public void aFileDeletedAfterListingIsAPerItemError() throws Exception {
        FakeGraph.Item gone = f.fake.file(FakeGraph.ROOT, "gone.jpg", "image/jpeg", Fixture.bytes(10, 1), null);
        FakeGraph.Item kept = f.fake.file(FakeGraph.ROOT, "kept.jpg", "image/jpeg", Fixture.bytes(10, 2), null);
        TestTransferContext context = f.source();
        List<MediaItem> items = exporter.export(context, ExportCursor.root()).items();
        f.fake.delete(gone.id);
        assertThrows(ItemRejectedException.class, () -> exporter.openMedia(context, items.get(0).content()));
        assertEquals(Fixture.sha256(kept.bytes), ModelComparison.sha256(exporter.openMedia(context, items.get(1).content())));
    }

    @Test
    public void aNextLinkOutsideGraphIsNotFollowedWithTheToken() {
        assertThrows(org.dtp.spi.AdapterException.class, () -> exporter.export(f.source(),
                new ExportCursor(null, "https://attacker.example/v1.0/me/drive/root/children?$skiptoken=2")));
    }
}
