package org.dtp.adapters.s3;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import software.amazon.awssdk.core.sync.RequestBody;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertThrows;

/** A store over https with a self-signed certificate (S3Proxy's): trusted through the trust store setting only. */
public class S3TrustStoreTest {
    @ClassRule
    public static final S3ProxyRule S3PROXY = new S3ProxyRule(true);

    @BeforeClass
    public static void makeBucket() {
        S3PROXY.client().createBucket(b -> b.bucket("photos"));
    }

    private static TransferEndpoint endpoint() {
        return new TransferEndpoint("s3", S3PROXY.server().settings("photos", ""));
    }

    @Test
    public void theTrustStoresCertificateIsTrusted() throws Exception {
        S3Connector connector = new S3Connector(S3Fixture.config(1000, S3PROXY.server().trustStore().toString()), S3Fixture.loopbackAllowed());
        try {
            connector.validate(endpoint());
            TestImportContext context = new TestImportContext(UUID.randomUUID(), endpoint(), ref -> null);
            byte[] body = "over https".getBytes(StandardCharsets.UTF_8);
            connector.client(context, connector.settings(context)).putObject(r -> r.bucket("photos").key("a.txt"), RequestBody.fromBytes(body));
            assertArrayEquals(body, S3PROXY.client().getObjectAsBytes(r -> r.bucket("photos").key("a.txt")).asByteArray());
        } finally {
            connector.close();
        }
    }

    @Test
    public void withoutTheTrustStoreTheCertificateIsRefused() {
        S3Connector connector = new S3Connector(S3Fixture.config(1000), S3Fixture.loopbackAllowed());
        try {
            assertThrows(InvalidEndpointException.class, () -> connector.validate(endpoint()));
        } finally {
            connector.close();
        }
    }
}
