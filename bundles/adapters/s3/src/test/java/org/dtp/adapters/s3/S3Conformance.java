package org.dtp.adapters.s3;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.ContainerModel;
import org.dtp.conformance.SampleData;
import org.dtp.models.ItemModel;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.ClassRule;
import software.amazon.awssdk.core.sync.RequestBody;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The SPI conformance kit on the S3 adapter against S3Proxy, one subclass per vertical: a new bucket per account,
 * pages of two keys.
 */
public abstract class S3Conformance<C extends ContainerModel, I extends ItemModel> extends AdapterConformanceTest<C, I> {
    @ClassRule
    public static final S3ProxyRule S3PROXY = new S3ProxyRule();
    private final List<S3Connector> connectors = new ArrayList<>();


    @After
    public void closeConnectors() {
        connectors.forEach(S3Connector::close);
    }

    @Override
    protected TransferEndpoint newAccount() {
        String bucket = "conformance-" + UUID.randomUUID().toString().substring(0, 8);
        S3PROXY.client().createBucket(b -> b.bucket(bucket));
        return new TransferEndpoint("s3", S3PROXY.server().settings(bucket, ""));
    }

    /**
     * A file that is no UTF-8 text, as a collection (.vcf, .ics) in the bucket's root: rejected when its page is read.
     * Media and mail have no such thing (any bytes are a photo's; a message's header block is read as far as it goes).
     */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<C, I> data) {
        if (vertical() == Vertical.MEDIA || vertical() == Vertical.MAIL) {
            return null;
        }
        String name = "unreadable" + (vertical() == Vertical.CONTACTS ? ".vcf" : ".ics");
        S3PROXY.client().putObject(r -> r.bucket(account.settings().get("bucket")).key(name), RequestBody.fromBytes(new byte[]{(byte) 0xff, (byte) 0xfe, 0}));
        return "unreadable";
    }

    /** A connector as a node wires it, with pages of two keys; closed after the test. */
    protected final S3Connector connector() {
        S3Connector connector = new S3Connector(S3Fixture.config(2), S3Fixture.loopbackAllowed());
        connectors.add(connector);
        return connector;
    }
}
