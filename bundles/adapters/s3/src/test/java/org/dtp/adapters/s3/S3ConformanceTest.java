package org.dtp.adapters.s3;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import software.amazon.awssdk.services.s3.S3Client;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The SPI conformance kit on the S3 adapter against S3Proxy: a new bucket per account, pages of two keys. */
public class S3ConformanceTest extends AdapterConformanceTest<PhotoAlbum, MediaItem> {
    private static S3ProxyServer server;
    private static S3Client direct;
    private final List<S3Connector> connectors = new ArrayList<>();

    @BeforeClass
    public static void startServer() throws Exception {
        server = S3Fixture.startForTests();
        direct = server.client();
    }

    @AfterClass
    public static void stopServer() throws Exception {
        if (direct != null) {
            direct.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @After
    public void closeConnectors() {
        connectors.forEach(S3Connector::close);
    }

    @Override
    protected Vertical vertical() {
        return Vertical.MEDIA;
    }

    @Override
    protected TransferEndpoint newAccount() {
        String bucket = "conformance-" + UUID.randomUUID().toString().substring(0, 8);
        direct.createBucket(b -> b.bucket(bucket));
        return new TransferEndpoint("s3", server.settings(bucket, ""));
    }

    private S3Connector connector() {
        S3Connector connector = new S3Connector(S3Fixture.config(2), S3Fixture.loopbackAllowed());
        connectors.add(connector);
        return connector;
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
