package org.dtp.adapters.smugmug;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SPI conformance kit on the SmugMug adapter against the fake SmugMug: a new SmugMug user per test, two images
 * per page, uploads spooled to a folder of the test's own.
 */
public class SmugMugConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    private static final AtomicInteger USERS = new AtomicInteger();

    @Rule
    public final TemporaryFolder spool = new TemporaryFolder();
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
        return f.endpoint(f.fake.addUser("conformance" + USERS.incrementAndGet()));
    }

    /**
     * SmugMug reads an image's size and DateTimeOriginal from the uploaded file itself (the API lets no one set them),
     * and the fake, which does not decode images, tells none. The importer cannot carry them over; it does not
     * report takenAt as not kept either (see the conformance report).
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("width", "height", "takenAt");
    }

    private SmugMugConnector connector() throws IOException {
        return new SmugMugConnector(f.settings().pageSize(2).spoolDirectory(spool.getRoot().toPath()).build());
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() throws IOException {
        return new SmugMugMediaExporter(connector());
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() throws IOException {
        return new SmugMugMediaImporter(connector());
    }
}
