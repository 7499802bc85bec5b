package org.dtp.adapters.s3;

import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the S3 adapter's media against S3Proxy (see {@link S3Conformance}). */
public class S3ConformanceTest extends S3Conformance<PhotoAlbum, MediaItem> {
    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new S3MediaExporter(connector());
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() {
        return new S3MediaImporter(connector());
    }
}
