package org.dtp.adapters.archives.meta;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.archives.social.Exports;
import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The SPI conformance kit on the Meta archive's media exporter (export only): each account is a folder holding a
 * Meta export, seeded as Meta writes one (an {@code album/<n>.json} per sample album naming its photos, each photo a
 * media entry); two items a page. The large-media test streams its 256 MiB video from a zip written on disk.
 */
public class MetaMediaConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    private static final String POSTS = "your_facebook_activity/posts/";

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return Exports.endpoint(MetaPostExporter.PROVIDER, temp.newFolder().toPath());
    }

    @Override
    protected void seed(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws Exception {
        TestArchive archive = new TestArchive();
        int n = 0;
        List<String> loose = new ArrayList<>();
        for (SampleData.Box<PhotoAlbum, MediaItem> box : data.boxes()) {
            String folder = POSTS + "media/" + (box.container() == null ? "other" : "Album_" + n) + "/";
            List<String> photos = box.container() == null ? loose : new ArrayList<>();
            for (MediaItem item : box.items()) {
                archive.add(folder + item.fileName(), item.content().size(), () -> data.open(item.content()));
                photos.add("{\"uri\": \"" + folder + item.fileName() + "\", \"creation_timestamp\": "
                        + (item.takenAt() == null ? 1700000000 : item.takenAt().getEpochSecond())
                        + (item.description() == null ? "" : ", \"description\": \"" + item.description() + "\"") + "}");
            }
            if (box.container() != null) {
                archive.add(POSTS + "album/" + n++ + ".json", "{\"name\": \"" + box.container().name() + "\", \"photos\": ["
                        + String.join(", ", photos) + "]"
                        + (box.container().description() == null ? "" : ", \"description\": \"" + box.container().description() + "\"") + "}");
            }
        }
        if (!loose.isEmpty()) {
            archive.add(POSTS + "your_uncategorized_photos.json", "{\"other_photos_v2\": [" + String.join(", ", loose) + "]}");
        }
        archive.writeZip(folder(account).resolve("facebook-ann-1.zip"));
    }

    /** A second archive part holding an entry whose path climbs out of the archive. */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws Exception {
        new TestArchive().add(POSTS + "media/../../../escape.jpg", MetaArchiveTest.media(1))
                .writeZip(folder(account).resolve("facebook-ann-2.zip"));
        return "escape.jpg";
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new MetaMediaExporter(Exports.settings(2));
    }

    private static Path folder(TransferEndpoint account) {
        return Path.of(account.settings().get("path"));
    }
}
