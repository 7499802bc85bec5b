package org.dtp.adapters.microsoft.media;

import org.dtp.adapters.microsoft.MicrosoftConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

import java.util.Set;

/** The conformance kit on OneDrive photos and videos. */
public class OneDriveConformanceTest extends MicrosoftConformanceTest<PhotoAlbum, MediaItem> {
    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new OneDriveMediaExporter(f.connector);
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() {
        return new OneDriveMediaImporter(f.connector);
    }

    /**
     * OneDrive reads a photo's dimensions and camera data from the file itself (Graph lets no one set them), and the
     * fake, which does not decode images, tells none. (The date and place, which the sample has beside the file, the
     * importer reports as not kept.)
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("width", "height", "exif");
    }

    /**
     * The fake keeps every file in this JVM's heap, so a large one would be measured as the adapter's: none here.
     * OneDriveMediaImporterTest shows uploads go in chunks with one chunk in memory.
     */
    @Override
    protected long largeMediaBytes() {
        return 0;
    }
}
