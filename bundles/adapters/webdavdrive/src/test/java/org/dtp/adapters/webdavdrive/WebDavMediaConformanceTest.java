package org.dtp.adapters.webdavdrive;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;

/**
 * The conformance kit on the WebDAV drive's media, against Apache's mod_dav: each test gets a new folder as its
 * account; pages hold two items so that paging is exercised.
 */
public class WebDavMediaConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return Drives.newFolder(SERVER);
    }

    @Override
    protected Exporter<PhotoAlbum, MediaItem> newExporter() {
        return new WebDavMediaExporter(Drives.connector(2));
    }

    @Override
    protected Importer<PhotoAlbum, MediaItem> newImporter() {
        return new WebDavMediaImporter(Drives.connector(2));
    }
}
