package org.dtp.adapters.metagraph;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.ProviderConnection;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.http.RequestSigner;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One adapter's connection to a Graph API host: its {@link ProviderConnection} (one HTTP client and one rate limiter for
 * all of this server's requests to it, the users' signer and revoke), from which each transfer gets a {@link GraphApi}
 * signed with its user's token, and the page size its exporters ask for.
 */
public final class GraphConnection {
    /** The largest page Meta's Graph API serves ({@code limit} is capped at 100 on its edges). */
    static final int MAX_PAGE_SIZE = 100;

    private final ProviderConnection connection;
    private final URI apiBase;
    private final List<String> mediaHosts;
    private final int pageSize;
    private final GraphErrors errors;

    /**
     * @param connection   the client (its provider name for messages, rate limit, timeouts) and the users' authorization
     * @param apiBase      the versioned API root, e.g. {@code https://graph.instagram.com/v21.0}
     * @param mediaHosts   hosts (and their subdomains) media bytes are fetched from, e.g. {@code cdninstagram.com}
     * @param pageSize     items asked for a page, kept within 1 and {@value #MAX_PAGE_SIZE}
     * @param throttleWait the wait after a throttling error when Meta's headers announce none (see {@link GraphErrors})
     */
    public GraphConnection(ProviderConnection connection, URI apiBase, List<String> mediaHosts, int pageSize,
                           Duration throttleWait) {
        this.connection = Objects.requireNonNull(connection, "connection");
        String base = Objects.requireNonNull(apiBase, "apiBase").toString();
        this.apiBase = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        this.mediaHosts = mediaHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
        this.pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, pageSize));
        this.errors = new GraphErrors(connection.http().provider(), Objects.requireNonNull(throttleWait, "throttleWait"));
    }

    /** The Graph API as the transfer's user; refreshed tokens go back into the job through {@code context}. */
    public GraphApi api(TransferContext context) throws AdapterException {
        return api(connection.signedFor(context));
    }

    /** The Graph API as the user whose requests {@code signer} signs. */
    public GraphApi api(RequestSigner signer) {
        return api(connection.http().withSigner(signer));
    }

    // media bytes come from CDNs whose errors are judged by their status; API answers by their Graph error code
    private GraphApi api(ProviderHttp signed) {
        return new GraphApi(this, signed.withAnswerPolicy(errors), connection.http());
    }

    /** Revokes what can be revoked of {@code endpoint}'s grant. */
    public void revoke(TransferEndpoint endpoint) throws AdapterException {
        connection.revoke(endpoint);
    }

    /** Items asked for a page. */
    public int pageSize() {
        return pageSize;
    }

    /** The limiter all of this connection's requests share. */
    public RateLimiter rateLimiter() {
        return connection.rateLimiter();
    }

    URI apiBase() {
        return apiBase;
    }
    /** Whether media bytes may be fetched from {@code uri}: https from a media host, or the API host itself. */
    boolean mediaAllowed(URI uri) {
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        if (host.equalsIgnoreCase(apiBase.getHost())) {
            return scheme.equals("https") || scheme.equalsIgnoreCase(apiBase.getScheme());
        }
        return scheme.equals("https") && mediaHosts.stream().anyMatch(h -> host.equals(h) || host.endsWith("." + h));
    }
}
