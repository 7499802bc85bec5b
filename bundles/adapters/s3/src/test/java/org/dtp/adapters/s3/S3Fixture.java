package org.dtp.adapters.s3;

import org.dtp.kit.net.OutboundGuard;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.net.OutboundAddresses;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.Before;
import org.junit.BeforeClass;
import software.amazon.awssdk.services.s3.S3Client;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * One S3Proxy for a test class, a fresh bucket per test, and the adapter's connector on it: the loopback network
 * allowed as an operator would allow an internal store, a multipart threshold and part size of 5 MiB (S3's smallest
 * part) so that multipart uploads are tried with small files, and pages of {@link #pageSize()}.
 */
public abstract class S3Fixture {
    static final long MIB = 1024 * 1024;
    protected static S3ProxyServer server;
    protected static S3Client direct;
    protected String bucket;
    protected S3Connector connector;

    @BeforeClass
    public static void startServer() throws Exception {
        server = startForTests();
        direct = server.client();
    }

    /** S3Proxy for a test class; the class is skipped without its jar, unless DTP_REQUIRE_S3PROXY is set. */
    static S3ProxyServer startForTests() throws Exception {
        return startForTests(false);
    }

    /** The same, over https with a self-signed certificate or over http. */
    static S3ProxyServer startForTests(boolean https) throws Exception {
        java.util.Optional<java.nio.file.Path> jar = S3ProxyServer.jar();
        if (jar.isEmpty() && System.getenv("DTP_REQUIRE_S3PROXY") != null) {
            throw new IllegalStateException("S3Proxy is required (DTP_REQUIRE_S3PROXY) but " + S3ProxyServer.JAR_PROPERTY
                    + " names no jar");
        }
        Assume.assumeTrue("S3Proxy's jar is not there (" + S3ProxyServer.JAR_PROPERTY + ")", jar.isPresent());
        return S3ProxyServer.start(jar.get(), https);
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

    @Before
    public void newBucket() {
        bucket = "dtp-" + UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT);
        direct.createBucket(b -> b.bucket(bucket));
        connector = new S3Connector(config(pageSize()), loopbackAllowed());
    }

    @After
    public void closeConnector() {
        connector.close();
    }

    protected int pageSize() {
        return 1000;
    }

    protected TransferEndpoint endpoint(String prefix) {
        return new TransferEndpoint("s3", server.settings(bucket, prefix));
    }

    protected static OutboundAddresses loopbackAllowed() {
        return new OutboundGuard(List.of(), List.of("127.0.0.0/8"));
    }

    static S3Config config(int pageSize) {
        return config(pageSize, "");
    }

    /** {@link #config(int)} with a PKCS12 trust store of {@link S3ProxyServer}'s ("": the JVM's CAs). */
    static S3Config config(int pageSize, String trustStore) {
        return new S3Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return S3Config.class;
            }

            @Override
            public int pageSize() {
                return pageSize;
            }

            @Override
            public int multipartThresholdMiB() {
                return 5;
            }

            @Override
            public int partSizeMiB() {
                return 5;
            }

            @Override
            public int itemsAtOnce() {
                return 4;
            }

            @Override
            public int connectTimeoutSeconds() {
                return 5;
            }

            @Override
            public int socketTimeoutSeconds() {
                return 30;
            }

            @Override
            public String trustStore() {
                return trustStore;
            }

            @Override
            public String trustStoreType() {
                return "PKCS12";
            }

            @Override
            public String trustStorePassword() {
                return S3ProxyServer.STORE_PASSWORD;
            }

            @Override
            public int maxConnections() {
                return 8;
            }
        };
    }
}
