package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.LocalFolderConformance;
import org.dtp.models.Vertical;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.media.MediaItem;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on the folder's media (see {@link org.dtp.conformance.AdapterConformanceTest}). */
public class LocalFolderMediaConformanceTest extends LocalFolderConformance<PhotoAlbum, MediaItem> {
    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new LocalFolderMediaExporter(SETTINGS);
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() {
        return new LocalFolderMediaImporter(SETTINGS);
    }
}
