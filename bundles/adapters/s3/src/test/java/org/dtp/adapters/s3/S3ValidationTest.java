package org.dtp.adapters.s3;

import org.dtp.kit.net.OutboundGuard;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class S3ValidationTest extends S3Fixture {
    private TransferEndpoint with(String name, String value) {
        Map<String, String> settings = new HashMap<>(S3PROXY.server().settings(bucket, ""));
        settings.put(name, value);
        return new TransferEndpoint("s3", settings);
    }

    private static String refusal(S3Connector connector, TransferEndpoint endpoint) {
        return assertThrows(InvalidEndpointException.class, () -> connector.validate(endpoint)).getMessage();
    }

    @Test
    public void aReachableBucketWithGoodKeysPasses() throws Exception {
        connector.validate(endpoint("any/prefix"));
    }

    @Test
    public void wrongKeysAMissingBucketAndBadSettingsAreNamed() {
        assertTrue(refusal(connector, with(S3Settings.SECRET_ACCESS_KEY, "wrong")).contains("refused the keys"));
        assertTrue(refusal(connector, with(S3Settings.BUCKET, "no-such-bucket")).startsWith("there is no bucket 'no-such-bucket'"));
        assertTrue(refusal(connector, with(S3Settings.ENDPOINT, "ftp://host")).contains("http or https URL"));
        assertTrue(refusal(connector, with(S3Settings.PREFIX, "a/../b")).contains("'..'"));
        assertTrue(refusal(connector, with(S3Settings.PATH_STYLE, "maybe")).contains("true or false"));
        assertTrue(refusal(connector, with(S3Settings.ACCESS_KEY_ID, " ")).contains("'accessKeyId'"));
    }

    @Test
    public void anEndUserCannotPointTheEndpointAtAnInternalAddress() {
        S3Connector guarded = new S3Connector(config(10), new OutboundGuard(List.of(), List.of()));
        try {
            assertTrue(refusal(guarded, endpoint("")).contains("127.0.0.1 is a loopback address"));
            TestTransferContext user = new TestTransferContext(UUID.randomUUID(), endpoint(""));
            AdapterException e = assertThrows(AdapterException.class, () -> new S3MediaExporter(guarded).export(user, ExportCursor.root()));
            assertTrue(e.getMessage(), e.getMessage().contains("loopback"));
        } finally {
            guarded.close();
        }
    }

    @Test
    public void operatorsExemptedReachAnInternalStoreWhichIsNotProbedBeforeTheTransfer() throws Exception {
        S3Connector exempt = new S3Connector(config(10), new OutboundGuard(List.of(), List.of(), true));
        try {
            exempt.validate(with(S3Settings.SECRET_ACCESS_KEY, "not probed")); // whose transfer it is is not known yet
            TestTransferContext operators = new TestTransferContext(UUID.randomUUID(), endpoint("")).ofOperators();
            assertEquals(List.of(), new S3MediaExporter(exempt).export(operators, ExportCursor.root()).items());
            TestTransferContext user = new TestTransferContext(UUID.randomUUID(), endpoint(""));
            assertThrows(AdapterException.class, () -> new S3MediaExporter(exempt).export(user, ExportCursor.root()));
        } finally {
            exempt.close();
        }
    }
}
