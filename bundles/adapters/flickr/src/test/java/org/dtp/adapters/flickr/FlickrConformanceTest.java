package org.dtp.adapters.flickr;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

import java.io.IOException;
import java.util.Set;

/**
 * The SPI conformance kit on the Flickr adapter against the fake Flickr: the fake holds one user, so each test has a
 * Flickr of its own; two photos per page.
 */
public class FlickrConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    private Fixture f;

    @Before
    public void startFake() throws IOException {
        f = new Fixture();
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return f.endpoint();
    }

    /** Flickr keeps no file names (the exporter names a file after the photo's id): samples are matched by title. */
    @Override
    protected String matchKey(MediaItem item) {
        return item.title();
    }

    /** Flickr reads a photo's dimensions from the uploaded file itself; the API lets no one set them. */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("width", "height");
    }

    private FlickrConnector connector() {
        return new FlickrConnector(f.settings(36_000_000, 2));
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new FlickrMediaExporter(connector());
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() {
        return new FlickrMediaImporter(connector());
    }
}
