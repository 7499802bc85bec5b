package org.dtp.auth.oauth2;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.RequestSigner;
import org.dtp.spi.http.SignableRequest;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Sends a user's access token as {@code Authorization: Bearer} (RFC 6750 §2.1), for {@code ProviderHttp}.
 * Before signing, a token that expires within the skew is refreshed (RFC 6749 §6), so a long transfer goes
 * on past the token's lifetime; when many threads sign at once, one refreshes and the others wait for its
 * result. Every refresh is handed to {@code onRefresh} (to store the new tokens, which may carry a rotated
 * refresh token) before any request uses it; when {@code onRefresh} throws, the sign that refreshed fails
 * with it and the new tokens are used from then on all the same (the old refresh token may be spent). A refresh the provider refused for good is not tried again
 * for the same tokens: signing fails with that refusal until the user authorizes again. Thread-safe.
 */
public final class OAuth2BearerSigner implements RequestSigner {
    /** Refresh this long before the expiry the provider gave, for clock drift and the request's own time. */
    public static final Duration DEFAULT_SKEW = Duration.ofSeconds(60);

    private final OAuth2Authorizer authorizer;
    private final OAuth2Provider provider;
    private final Duration skew;
    private final Consumer<OAuth2Tokens> onRefresh;
    private final Object refreshing = new Object();
    private volatile OAuth2Tokens current;
    /** The tokens whose refresh the provider refused, and that refusal; guarded by {@link #refreshing}. */
    private OAuth2Tokens refused;
    private AdapterException refusal;
    /** An access token the provider rejected (401) before its expiry; the next sign refreshes. */
    private volatile String rejected;

    public OAuth2BearerSigner(OAuth2Authorizer authorizer, OAuth2Provider provider, OAuth2Tokens tokens,
                              Duration skew, Consumer<OAuth2Tokens> onRefresh) {
        this.authorizer = Objects.requireNonNull(authorizer, "authorizer");
        this.provider = Objects.requireNonNull(provider, "provider");
        this.current = Objects.requireNonNull(tokens, "tokens");
        if (skew == null || skew.isNegative()) {
            throw new IllegalArgumentException("the skew cannot be negative");
        }
        this.skew = skew;
        this.onRefresh = Objects.requireNonNull(onRefresh, "onRefresh");
    }

    @Override
    public void sign(SignableRequest request) throws AdapterException {
        request.setHeader("Authorization", "Bearer " + usableTokens().accessToken());
    }

    /**
     * Tells the signer the provider answered 401 to a request it signed (RFC 6750 §3.1 {@code invalid_token}),
     * e.g. a token revoked or expired early: the next {@link #sign} refreshes, once however many requests
     * report it. Requests signed with an older token do not count. {@link org.dtp.spi.http.ProviderHttp} calls it
     * and, when it returns true, sends the request once more.
     *
     * @return whether a new signature may succeed: a refresh token is at hand, or the token was renewed since
     */
    @Override
    public boolean unauthorized(SignableRequest signed) {
        String header = signed.headers().get("Authorization");
        OAuth2Tokens tokens = current;
        if (("Bearer " + tokens.accessToken()).equals(header)) {
            rejected = tokens.accessToken();
            return tokens.refreshToken() != null;
        }
        return header != null;
    }

    /** The tokens in use now (after any refresh). */
    public OAuth2Tokens tokens() {
        return current;
    }

    private OAuth2Tokens usableTokens() throws AdapterException {
        OAuth2Tokens tokens = current;
        if (!needsRefresh(tokens)) {
            return tokens;
        }
        synchronized (refreshing) {
            tokens = current;
            if (!needsRefresh(tokens)) {
                return tokens;
            }
            if (tokens == refused) {
                throw copyOf(refusal);
            }
            OAuth2Tokens fresh;
            try {
                fresh = authorizer.refresh(provider, tokens);
            } catch (TransientAdapterException e) {
                throw e;
            } catch (AdapterException e) {
                refused = tokens;
                refusal = e;
                throw e;
            }
            try {
                onRefresh.accept(fresh);
            } finally {
                // even when storing failed: the provider may have rotated the refresh token we had
                current = fresh;
            }
            return fresh;
        }
    }

    private boolean needsRefresh(OAuth2Tokens tokens) {
        return tokens.refreshToken() != null
                && (tokens.accessToken().equals(rejected) || tokens.expiresWithin(skew, authorizer.clock()));
    }

    /** A fresh exception for each caller (exceptions are not shared across threads), with the same message. */
    private static AdapterException copyOf(AdapterException e) {
        if (e instanceof OAuth2ErrorResponseException o) {
            return new OAuth2ErrorResponseException(o.getMessage(), o.status(), o.error(), o.description());
        }
        return new AdapterException(e.getMessage(), e);
    }

    @Override
    public String toString() {
        return "OAuth2BearerSigner[provider=" + provider.id() + ", " + current + "]";
    }
}
