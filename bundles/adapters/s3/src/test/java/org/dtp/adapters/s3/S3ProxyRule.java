package org.dtp.adapters.s3;

import org.junit.Assume;
import org.junit.rules.ExternalResource;
import software.amazon.awssdk.services.s3.S3Client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One S3Proxy for a test class ({@code @ClassRule}), and a client straight to it, not through the adapter, to make
 * buckets and look at what the adapter wrote. The class is skipped without S3Proxy's jar, unless DTP_REQUIRE_S3PROXY
 * is set (CI sets it, so that a missing jar fails there instead of passing unseen).
 */
public final class S3ProxyRule extends ExternalResource {
    private final boolean https;
    private S3ProxyServer server;
    private S3Client client;

    /** S3Proxy over plain http. */
    public S3ProxyRule() {
        this(false);
    }

    /** S3Proxy over https with a self-signed certificate ({@link S3ProxyServer#trustStore()}), or over http. */
    public S3ProxyRule(boolean https) {
        this.https = https;
    }

    @Override
    protected void before() throws Exception {
        Optional<Path> jar = S3ProxyServer.jar();
        if (jar.isEmpty() && System.getenv("DTP_REQUIRE_S3PROXY") != null) {
            throw new IllegalStateException("S3Proxy is required (DTP_REQUIRE_S3PROXY) but " + S3ProxyServer.JAR_PROPERTY
                    + " names no jar");
        }
        Assume.assumeTrue("S3Proxy's jar is not there (" + S3ProxyServer.JAR_PROPERTY + ")", jar.isPresent());
        server = S3ProxyServer.start(jar.get(), https);
        client = server.client();
    }

    @Override
    protected void after() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                throw new UncheckedIOException("S3Proxy did not stop: " + e.getMessage(), e);
            }
        }
    }

    S3ProxyServer server() {
        return server;
    }

    /** A client of the server's own keys, straight to it. */
    S3Client client() {
        return client;
    }
}
