package org.dtp.adapters.s3;

import org.dtp.kit.net.OutboundGuard;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.net.OutboundAddresses;
import org.junit.After;
import org.junit.Before;
import org.junit.ClassRule;

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
    @ClassRule
    public static final S3ProxyRule S3PROXY = new S3ProxyRule();
    protected String bucket;
    protected S3Connector connector;

    @Before
    public void newBucket() {
        bucket = "dtp-" + UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT);
        S3PROXY.client().createBucket(b -> b.bucket(bucket));
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
        return new TransferEndpoint("s3", S3PROXY.server().settings(bucket, prefix));
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
