package org.dtp.spi.http;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.annotation.versioning.ConsumerType;

import java.util.Objects;
import java.util.Optional;

/**
 * One adapter's connection to a provider: its {@link ProviderHttp} client and shared {@link RateLimiter}, the cluster's
 * {@link ClusterPermits} the limiter counts with when the engine offers them, and the accounts' {@link Authorization}
 * (how a transfer's requests are signed, how a grant is revoked). A DS connector keeps its optional, dynamic
 * {@code @Reference} methods (DS needs them on the component) and hands each call on in one line:
 * <pre>
 * &#64;Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
 * void bindClusterPermits(ClusterPermits permits) { connection.bindClusterPermits(permits); }
 * void unbindClusterPermits(ClusterPermits permits) { connection.unbindClusterPermits(permits); }
 * </pre>
 * Thread-safe. Since 2.0.
 */
public final class ProviderConnection {
    /** How a transfer's requests are signed and an account's grant revoked, e.g. by the auth bundle's OAuth 2.0 clients. */
    @ConsumerType
    public interface Authorization {
        /** Signs nothing and revokes nothing: for an adapter that signs each account's requests itself. */
        Authorization NONE = context -> RequestSigner.NONE;

        /** The signer of {@code context}'s requests. */
        RequestSigner signer(TransferContext context) throws AdapterException;

        /** Revokes what can be revoked of {@code endpoint}'s grant (default: nothing). */
        default void revoke(TransferEndpoint endpoint) throws AdapterException {
        }
    }

    /** What revokes an endpoint's grant; with a signer it makes an {@link Authorization}. */
    @ConsumerType
    @FunctionalInterface
    public interface Revoker {
        void revoke(TransferEndpoint endpoint) throws AdapterException;
    }

    /** A signer of transfers' requests; with a {@link Revoker} it makes an {@link Authorization}. */
    @ConsumerType
    @FunctionalInterface
    public interface Signers {
        RequestSigner signer(TransferContext context) throws AdapterException;
    }

    private final ProviderHttp http;
    private final String clusterKey;
    private final int clusterPermitsPerSecond;
    private final Authorization authorization;
    private ClusterPermits permits; // guarded by this

    private ProviderConnection(Builder b) {
        this.http = b.http;
        this.clusterKey = b.clusterKey;
        this.clusterPermitsPerSecond = b.clusterPermitsPerSecond;
        this.authorization = b.authorization;
    }

    /** A connection with {@code http}: its rate limiter is the one shared and counted for the cluster. */
    public static Builder builder(ProviderHttp http) {
        return new Builder(http);
    }

    /** An {@link Authorization} from a signer and a revoker, e.g. {@code clients.signer("acme", c)} and {@code clients.revoke}. */
    public static Authorization authorization(Signers signers, Revoker revoker) {
        Objects.requireNonNull(signers, "signers");
        Objects.requireNonNull(revoker, "revoker");
        return new Authorization() {
            @Override
            public RequestSigner signer(TransferContext context) throws AdapterException {
                return signers.signer(context);
            }

            @Override
            public void revoke(TransferEndpoint endpoint) throws AdapterException {
                revoker.revoke(endpoint);
            }
        };
    }

    /** The client, unsigned. */
    public ProviderHttp http() {
        return http;
    }

    /** The limiter all of the connection's requests share. */
    public RateLimiter rateLimiter() {
        return http.rateLimiter();
    }

    /** The client signing with {@code context}'s signer (renewed tokens go back into the job through it). */
    public ProviderHttp signedFor(TransferContext context) throws AdapterException {
        return http.withSigner(authorization.signer(context));
    }

    /** Revokes what can be revoked of {@code endpoint}'s grant. */
    public void revoke(TransferEndpoint endpoint) throws AdapterException {
        authorization.revoke(endpoint);
    }

    /** From now on the limiter also takes a permit counted for the whole cluster. */
    public synchronized void bindClusterPermits(ClusterPermits permits) {
        this.permits = Objects.requireNonNull(permits, "permits");
        http.rateLimiter().sharedWith(permits, clusterKey, clusterPermitsPerSecond);
    }

    /**
     * The limiter counts alone again, unless other permits were bound since (DS binds a replacement before it unbinds
     * the one replaced).
     */
    public synchronized void unbindClusterPermits(ClusterPermits permits) {
        if (this.permits == permits) {
            this.permits = null;
            http.rateLimiter().sharedWith(null, null, 0);
        }
    }

    /** The cluster's permits while bound, e.g. for a per-user limiter counted under its own key. */
    public synchronized Optional<ClusterPermits> clusterPermits() {
        return Optional.ofNullable(permits);
    }

    /** The settings of a {@link ProviderConnection}. */
    public static final class Builder {
        private final ProviderHttp http;
        private String clusterKey;
        private int clusterPermitsPerSecond;
        private Authorization authorization = Authorization.NONE;

        private Builder(ProviderHttp http) {
            this.http = Objects.requireNonNull(http, "http");
            this.clusterKey = http.provider();
            this.clusterPermitsPerSecond = permitsOf(http.rateLimiter().permitsPerSecond());
        }

        /**
         * The key the cluster counts this connection's requests under (default: the provider's name) and how many it
         * allows a second (default: the limiter's rate), e.g. {@code "smugmug"} and the configured requests per second.
         */
        public Builder clusterKey(String key, double requestsPerSecond) {
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException("a cluster key is needed");
            }
            this.clusterKey = key;
            this.clusterPermitsPerSecond = permitsOf(requestsPerSecond);
            return this;
        }

        /** How accounts' requests are signed and grants revoked (default {@link Authorization#NONE}). */
        public Builder authorization(Authorization authorization) {
            this.authorization = Objects.requireNonNull(authorization, "authorization");
            return this;
        }

        public ProviderConnection build() {
            return new ProviderConnection(this);
        }

        /** Whole permits a second, at least one: the cluster counts by the second. */
        private static int permitsOf(double perSecond) {
            return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(perSecond)));
        }
    }
}
