package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.util.List;

import static org.dtp.adapters.archives.takeout.Takeout.PART_1;
import static org.dtp.adapters.archives.takeout.Takeout.PART_2;
import static org.dtp.adapters.archives.takeout.Takeout.PHOTOS;

/**
 * The SPI conformance kit on the Takeout Photos exporter (export only): each account is a folder of Takeout parts,
 * seeded as Takeout writes them (an album folder with its metadata.json per sample album, each sample as a media
 * entry and its supplemental-metadata sidecar); two items a page. The large-media test streams its 256 MiB video
 * from a zip written on disk.
 */
public class TakeoutConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return Takeout.endpoint(temp.newFolder().toPath());
    }

    @Override
    protected void seed(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws Exception {
        TestArchive archive = new TestArchive();
        for (SampleData.Box<PhotoAlbum, MediaItem> box : data.boxes()) {
            String folder = PHOTOS + (box.container() == null ? "Photos from 2019" : box.container().name()) + "/";
            if (box.container() != null) {
                archive.add(folder + "metadata.json", Takeout.album(box.container().name(), box.container().description()));
            }
            for (MediaItem item : box.items()) {
                archive.add(folder + item.fileName(), item.content().size(), () -> data.open(item.content()));
                GeoLocation at = item.location();
                archive.add(folder + item.fileName() + ".supplemental-metadata.json", Takeout.sidecar(item.title(),
                        item.description(), item.takenAt(),
                        at == null ? null : new double[]{at.latitude(), at.longitude(), at.altitude() == null ? 0 : at.altitude()},
                        List.of(), false));
            }
        }
        archive.writeZip(folder(account).resolve(PART_1));
    }

    /** A second part holding an entry whose path climbs out of the archive. */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<PhotoAlbum, MediaItem> data) throws Exception {
        new TestArchive().add(PHOTOS + "Photos from 2019/../../escape.jpg", Takeout.media(1, 100))
                .writeZip(folder(account).resolve(PART_2));
        return "escape.jpg";
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return Takeout.exporter(2);
    }

    private static Path folder(TransferEndpoint account) {
        return Path.of(account.settings().get("path"));
    }
}
