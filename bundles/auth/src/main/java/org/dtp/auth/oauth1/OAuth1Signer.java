package org.dtp.auth.oauth1;

import org.dtp.spi.http.RequestSigner;
import org.dtp.spi.http.SignableRequest;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Signs requests with OAuth 1.0a HMAC-SHA1 (RFC 5849 §3.1): protocol parameters {@code oauth_consumer_key},
 * {@code oauth_token} (when there is a token), {@code oauth_signature_method}, {@code oauth_timestamp},
 * {@code oauth_nonce}, {@code oauth_version=1.0} and any extra ones (e.g. {@code oauth_callback},
 * {@code oauth_verifier}), signed over the method, URI, query and form parameters, and sent in the
 * {@code Authorization} header (the one place every provider accepts them). A fresh nonce and timestamp
 * per request. Immutable and thread-safe.
 */
public final class OAuth1Signer implements RequestSigner {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ClientCredentials client;
    private final TokenCredentials token;
    private final Map<String, String> extra;
    private final String realm;
    private final Clock clock;
    private final Supplier<String> nonces;

    /** Signs with the client's credentials and, when not null, a token's. */
    public OAuth1Signer(ClientCredentials client, TokenCredentials token) {
        this(client, token, Map.of(), null, Clock.systemUTC(), OAuth1Signer::randomNonce);
    }

    /**
     * Full control, for flows and tests: {@code extra} protocol parameters sent with every request,
     * an optional {@code realm}, the clock for {@code oauth_timestamp} and the source of nonces.
     */
    public OAuth1Signer(ClientCredentials client, TokenCredentials token, Map<String, String> extra, String realm,
                        Clock clock, Supplier<String> nonces) {
        this.client = Objects.requireNonNull(client, "client");
        this.token = token;
        this.extra = Map.copyOf(new LinkedHashMap<>(extra));
        for (String name : this.extra.keySet()) {
            if (!name.startsWith("oauth_")) {
                throw new IllegalArgumentException("protocol parameters start with oauth_, not '" + name + "'");
            }
        }
        this.realm = realm;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.nonces = Objects.requireNonNull(nonces, "nonces");
    }

    /** The same signer with one more protocol parameter. */
    public OAuth1Signer with(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(extra);
        more.put(name, value);
        return new OAuth1Signer(client, token, more, realm, clock, nonces);
    }

    @Override
    public void sign(SignableRequest request) {
        request.setHeader("Authorization", authorizationHeader(request.method(), request.uri(), request.formParameters()));
    }

    /** The {@code Authorization} header value for one request. */
    public String authorizationHeader(String method, URI uri, List<Map.Entry<String, String>> formParameters) {
        List<Map.Entry<String, String>> protocol = new ArrayList<>();
        protocol.add(Map.entry("oauth_consumer_key", client.key()));
        if (token != null) {
            protocol.add(Map.entry("oauth_token", token.token()));
        }
        protocol.add(Map.entry("oauth_signature_method", OAuth1Signatures.HMAC_SHA1));
        protocol.add(Map.entry("oauth_timestamp", Long.toString(clock.instant().getEpochSecond())));
        protocol.add(Map.entry("oauth_nonce", nonces.get()));
        protocol.add(Map.entry("oauth_version", "1.0"));
        extra.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(protocol::add);
        List<Map.Entry<String, String>> signed = new ArrayList<>(formParameters);
        signed.addAll(protocol);
        String baseString = OAuth1Signatures.signatureBaseString(method, uri, signed);
        protocol.add(Map.entry("oauth_signature",
                OAuth1Signatures.hmacSha1(baseString, client.secret(), token == null ? "" : token.secret())));
        return OAuth1Signatures.authorizationHeader(realm, protocol);
    }

    /** 128 random bits in hex: unique per request for all practical purposes. */
    static String randomNonce() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public String toString() {
        return "OAuth1Signer[client=" + client.key() + (token == null ? "" : ", with token") + "]";
    }
}
