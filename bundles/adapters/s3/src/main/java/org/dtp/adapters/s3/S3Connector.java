package org.dtp.adapters.s3;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.TrustStores;
import org.dtp.spi.net.OutboundAddresses;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the S3 exporter and importer share: the limits, and the HTTP clients every S3 request of this node goes
 * through, one for end users' transfers (hosts checked by {@link OutboundAddresses}) and one for the operators'
 * ({@link OutboundAddresses#forOperator()}), each with a pool of connections, and the {@link S3Client}s made on them
 * per bucket settings. Reconfiguring restarts both services.
 */
@Component(service = S3Connector.class, configurationPid = S3Config.PID)
@Designate(ocd = S3Config.class)
public final class S3Connector {
    private static final Logger LOG = LoggerFactory.getLogger(S3Connector.class);
    private static final long MIB = 1024 * 1024;
    /**
     * S3 clients kept for reuse, by settings and whose transfer: each holds the SDK's executor and configuration, so
     * they are not made per call, and the least recently used is closed when there are more than this.
     */
    private static final int CLIENTS_KEPT = 64;

    private final S3Config config;
    private final OutboundAddresses outbound;
    private final SdkHttpClient usersHttp;
    private final SdkHttpClient operatorsHttp;
    private final Map<ClientKey, S3Client> clients = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ClientKey, S3Client> eldest) {
            if (size() <= CLIENTS_KEPT) {
                return false;
            }
            eldest.getValue().close();
            return true;
        }
    };

    private record ClientKey(S3Settings settings, boolean operators) {
    }

    @Activate
    public S3Connector(S3Config config, @Reference OutboundAddresses outbound) {
        this.config = config;
        this.outbound = outbound;
        this.usersHttp = http(config, outbound);
        this.operatorsHttp = http(config, outbound.forOperator());
    }

    private static SdkHttpClient http(S3Config config, OutboundAddresses outbound) {
        var builder = ApacheHttpClient.builder();
        String store = config.trustStore() == null ? "" : config.trustStore().strip();
        if (!store.isEmpty()) {
            TrustManager[] trusted = trustManagers(TrustStores.load(Path.of(store), config.trustStoreType(),
                    config.trustStorePassword() == null ? null : config.trustStorePassword().toCharArray()));
            builder.tlsTrustManagersProvider(() -> trusted);
        }
        return builder
                .dnsResolver(new CheckedDnsResolver(outbound))
                .maxConnections(Math.max(1, config.maxConnections()))
                .connectionTimeout(Duration.ofSeconds(Math.max(1, config.connectTimeoutSeconds())))
                .socketTimeout(Duration.ofSeconds(Math.max(1, config.socketTimeoutSeconds())))
                .expectContinueEnabled(false) // see client(): the S3 client's header, Apache's own as well
                .build();
    }

    private static TrustManager[] trustManagers(KeyStore trusted) {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            return factory.getTrustManagers();
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot trust the certificates of the trust store: " + e.getMessage(), e);
        }
    }

    @Deactivate
    public void close() {
        synchronized (clients) {
            clients.values().forEach(S3Client::close);
            clients.clear();
        }
        usersHttp.close();
        operatorsHttp.close();
    }

    int pageSize() {
        return Math.max(1, Math.min(1000, config.pageSize()));
    }

    long multipartThreshold() {
        return Math.max(5, config.multipartThresholdMiB()) * MIB;
    }

    long partSize() {
        return Math.max(5, config.partSizeMiB()) * MIB;
    }

    int itemsAtOnce() {
        return Math.max(1, config.itemsAtOnce());
    }

    /** The settings of the context's side. */
    S3Settings settings(TransferContext context) throws InvalidEndpointException {
        return S3Settings.of(context.endpoint());
    }

    /** The S3 client for the context's side: its hosts checked for an end user or for the operators. */
    S3Client client(TransferContext context, S3Settings settings) {
        boolean operators = context.operatorTransfer();
        synchronized (clients) {
            return clients.computeIfAbsent(new ClientKey(settings, operators),
                    k -> client(operators ? operatorsHttp : usersHttp, settings));
        }
    }

    private static S3Client client(SdkHttpClient http, S3Settings settings) {
        var builder = S3Client.builder()
                .httpClient(http)
                .region(Region.of(settings.region()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(settings.accessKeyId(), settings.secretAccessKey())))
                .forcePathStyle(settings.pathStyle())
                // We send Content-MD5 with every body and compare the ETags: the SDK's own trailing CRC checksums
                // (aws-chunked bodies) are not understood by every S3-compatible store.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                // No "Expect: 100-continue" before a body (the SDK's default for PUT Object and Upload Part): it costs a
                // round trip per object, ~15 % of a 4 MB PUT and more of a small one (benchmarks/README.md,
                // S3PeersBenchmark), and rclone sends none either. The keys were checked (HeadBucket) before the
                // transfer; a body a store refuses is sent in vain once, and the failure is the same.
                .serviceConfiguration(S3Configuration.builder().expectContinueEnabled(false).build());
        settings.endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    /**
     * Checks a new transfer's bucket: its host may be connected to for an end user, and the bucket answers to the
     * keys (HeadBucket). A host only the operators may reach ({@code exemptOperatorTransfers}) is not probed here,
     * where it is not known whose transfer it is: the transfer itself checks it again with its owner.
     */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        S3Settings settings = S3Settings.of(endpoint);
        String host = settings.host();
        try {
            outbound.resolve(host);
        } catch (InvalidEndpointException refused) {
            if (!allowedForOperators(host)) {
                throw refused;
            }
            LOG.debug("{} is for operators' transfers only; not probed before the transfer starts", host);
            return;
        } catch (UnknownHostException e) {
            throw new InvalidEndpointException("the storage host '" + host + "' is not known (DNS)");
        }
        try (S3Client client = client(usersHttp, settings)) {
            client.headBucket(b -> b.bucket(settings.bucket()));
        } catch (SdkException e) {
            throw S3Failures.ofValidation(settings, e);
        }
    }

    private boolean allowedForOperators(String host) {
        try {
            outbound.forOperator().resolve(host);
            return outbound.forOperator() != outbound;
        } catch (InvalidEndpointException | UnknownHostException e) {
            return false;
        }
    }
}
