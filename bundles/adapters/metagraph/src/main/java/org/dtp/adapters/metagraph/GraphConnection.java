package org.dtp.adapters.metagraph;

import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.http.RequestSigner;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One adapter's connection to a Graph API host: one HTTP client and one rate limiter for all of this server's
 * requests to it, from which each transfer gets a {@link GraphApi} signed with its user's token.
 *
 * @param apiBase      the versioned API root, e.g. {@code https://graph.instagram.com/v21.0}
 * @param mediaHosts   hosts (and their subdomains) media bytes are fetched from, e.g. {@code cdninstagram.com}
 * @param throttleWait the wait after a throttling error when Meta's headers announce none (see {@link GraphErrors})
 */
public final class GraphConnection {
    private final URI apiBase;
    private final List<String> mediaHosts;
    private final ProviderHttp http;
    private final ProviderHttp media;

    public GraphConnection(String provider, URI apiBase, List<String> mediaHosts, RateLimiter limiter,
                           Duration requestTimeout, Duration throttleWait) {
        String base = Objects.requireNonNull(apiBase, "apiBase").toString();
        this.apiBase = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        this.mediaHosts = mediaHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
        // media bytes come from CDNs whose errors are judged by their status; API answers by their Graph error code
        this.media = ProviderHttp.builder(provider).rateLimiter(limiter).requestTimeout(requestTimeout)
                .userAgent("dtp-adapter-" + provider.toLowerCase(Locale.ROOT)).build();
        this.http = media.withAnswerPolicy(new GraphErrors(provider, Objects.requireNonNull(throttleWait, "throttleWait")));
    }

    /** The Graph API as the user whose requests {@code signer} signs. */
    public GraphApi api(RequestSigner signer) {
        return new GraphApi(this, http.withSigner(signer), media);
    }

    /** The limiter all of this connection's requests share. */
    public RateLimiter rateLimiter() {
        return http.rateLimiter();
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
