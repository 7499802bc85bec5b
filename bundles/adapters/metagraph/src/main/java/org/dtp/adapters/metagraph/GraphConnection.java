package org.dtp.adapters.metagraph;

import org.dtp.spi.AdapterException;
import org.dtp.spi.http.AnswerPolicy;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderAnswer;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.http.RequestSigner;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One adapter's connection to a Graph API host: one HTTP client and one rate limiter for all of this server's
 * requests to it, from which each transfer gets a {@link GraphApi} signed with its user's token.
 *
 * @param apiBase      the versioned API root, e.g. {@code https://graph.instagram.com/v21.0}
 * @param mediaHosts   hosts (and their subdomains) media bytes are fetched from, e.g. {@code cdninstagram.com}
 * @param throttleWait the wait after a throttling error when Meta's headers announce none
 */
public final class GraphConnection {
    private final URI apiBase;
    private final List<String> mediaHosts;
    private final Duration throttleWait;
    private final String provider;
    private final ProviderHttp http;

    public GraphConnection(String provider, URI apiBase, List<String> mediaHosts, RateLimiter limiter,
                           Duration requestTimeout, Duration throttleWait) {
        String base = Objects.requireNonNull(apiBase, "apiBase").toString();
        this.apiBase = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        this.mediaHosts = mediaHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
        this.throttleWait = Objects.requireNonNull(throttleWait, "throttleWait");
        this.provider = provider;
        this.http = ProviderHttp.builder(provider).connectTimeout(Duration.ofSeconds(10)).version(HttpClient.Version.HTTP_1_1)
                .rateLimiter(limiter).requestTimeout(requestTimeout).userAgent("dtp-adapter-" + provider.toLowerCase(Locale.ROOT))
                .answerPolicy(this::read).build();
    }

    /** The Graph API as the user whose requests {@code signer} signs. */
    public GraphApi api(RequestSigner signer) {
        return new GraphApi(this, http.withSigner(signer), http);
    }

    /** The limiter all of this connection's requests share. */
    public RateLimiter rateLimiter() {
        return http.rateLimiter();
    }

    URI apiBase() {
        return apiBase;
    }

    /**
     * What a Graph error means: its error code decides (https://developers.facebook.com/docs/graph-api/guides/error-handling),
     * and a throttling error waits as long as Meta's usage headers say ({@link GraphUsage}), else {@code throttleWait}.
     */
    private AnswerPolicy.Reading read(ProviderAnswer answer) {
        Optional<GraphError> parsed = answer.succeeded() ? Optional.empty()
                : GraphError.parse(answer.body().getBytes(StandardCharsets.UTF_8));
        if (parsed.isEmpty()) {
            return AnswerPolicy.Reading.BY_STATUS;
        }
        GraphError error = parsed.get();
        if (error.throttled()) {
            Duration wait = GraphUsage.regainAccessIn(answer.headers()).orElse(throttleWait);
            return AnswerPolicy.Reading.rateLimited(wait, error.describe() + ", retry after " + wait.toSeconds() + " s");
        }
        if (error.tokenInvalid()) {
            return AnswerPolicy.Reading.failure(new AuthorizationRefusedException(provider + " refused the access token ("
                    + error.describe() + "); the account has to be authorized again", answer.status(), error.message()));
        }
        if (error.temporary()) {
            return AnswerPolicy.Reading.transientFailure(error.describe());
        }
        if (error.permissionMissing()) {
            return AnswerPolicy.Reading.failure(new AuthorizationRefusedException(provider + " refused a permission ("
                    + error.describe() + "); the account has to be authorized again with the adapter's scopes",
                    answer.status(), error.message()));
        }
        int status = answer.status();
        if (status >= 400 && status < 500 && status != 408 && status != 429) {
            return AnswerPolicy.Reading.BY_STATUS; // the item or the authorization, as its status says
        }
        String path = answer.uri().getPath().startsWith(apiBase.getPath())
                ? answer.uri().getPath().substring(apiBase.getPath().length()) : answer.uri().getPath();
        return AnswerPolicy.Reading.failure(new AdapterException(provider + " answered " + status + " to "
                + answer.method() + " " + path + ": " + error.describe()));
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
