package org.dtp.adapters.google.media;

import org.dtp.adapters.google.GoogleConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

import java.util.Set;

/** The SPI conformance kit on the Google Photos exporter and importer against the fake Google: a new fake (one user) per test, two items a page. */
public class GooglePhotosConformanceTest extends GoogleConformanceTest<PhotoAlbum, MediaItem> {
    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new GooglePhotosExporter(f.connector());
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() {
        return new GooglePhotosImporter(f.connector());
    }

    /**
     * Google Photos' mediaMetadata is Google's, read from the file (the API takes none of it): {@code creationTime}
     * (from the file's metadata, else the time of upload; the importer reports a source's takenAt) and the width and
     * height of the image.
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("takenAt", "width", "height");
    }
}
