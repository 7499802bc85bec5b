package org.dtp.auth.oauth1;

import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.SignableRequest;
import org.junit.Test;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class OAuth1SignerTest {
    private static final ClientCredentials TWITTER_APP = new ClientCredentials("xvz1evFS4wEEPTGEFPHBog", "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw");
    private static final TokenCredentials TWITTER_USER = new TokenCredentials("370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE");

    /** Parses {@code OAuth k="v", ...} back into its parameters. */
    static Map<String, String> parse(String header) {
        assertTrue(header, header.startsWith("OAuth "));
        Map<String, String> params = new LinkedHashMap<>();
        for (String part : header.substring(6).split(",\\s*")) {
            int eq = part.indexOf('=');
            String value = part.substring(eq + 1);
            assertTrue(part, value.startsWith("\"") && value.endsWith("\""));
            params.put(FormEncoding.percentDecode(part.substring(0, eq).trim()),
                    FormEncoding.percentDecode(value.substring(1, value.length() - 1)));
        }
        return params;
    }

    @Test
    public void signsTheTwitterExampleLikeTheDocumentation() {
        OAuth1Signer signer = new OAuth1Signer(TWITTER_APP, TWITTER_USER, Map.of(), null,
                Clock.fixed(Instant.ofEpochSecond(1318622958), ZoneOffset.UTC), () -> "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg");
        SignableRequest request = new SignableRequest("post", URI.create("https://api.twitter.com/1.1/statuses/update.json?include_entities=true"),
                List.of(Map.entry("status", "Hello Ladies + Gentlemen, a signed OAuth request!")));
        signer.sign(request);
        Map<String, String> params = parse(request.headers().get("Authorization"));
        assertEquals("hCtSmYh+iHYCEqBWrE7C7hYmtUk=", params.get("oauth_signature"));
        assertEquals("xvz1evFS4wEEPTGEFPHBog", params.get("oauth_consumer_key"));
        assertEquals("1.0", params.get("oauth_version"));
        assertFalse("form parameters stay in the body", params.containsKey("status"));
    }

    @Test
    public void extraProtocolParametersAreSignedAndSent() {
        OAuth1Signer signer = new OAuth1Signer(new ClientCredentials("key", "secret"), null).with("oauth_callback", "https://app.example/cb?x=1");
        String header = signer.authorizationHeader("POST", URI.create("https://provider.example/request_token"), List.of());
        Map<String, String> params = parse(header);
        assertEquals("https://app.example/cb?x=1", params.get("oauth_callback"));
        assertFalse("no token yet", params.containsKey("oauth_token"));
        List<Map.Entry<String, String>> signed = params.entrySet().stream().filter(e -> !e.getKey().equals("oauth_signature"))
                .map(e -> Map.entry(e.getKey(), e.getValue())).toList();
        String base = OAuth1Signatures.signatureBaseString("POST", URI.create("https://provider.example/request_token"), signed);
        assertEquals(OAuth1Signatures.hmacSha1(base, "secret", ""), params.get("oauth_signature"));
    }

    @Test
    public void everyRequestGetsAFreshNonce() {
        OAuth1Signer signer = new OAuth1Signer(new ClientCredentials("key", "secret"), new TokenCredentials("t", "s"));
        Set<String> nonces = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            nonces.add(parse(signer.authorizationHeader("GET", URI.create("https://x.example/"), List.of())).get("oauth_nonce"));
        }
        assertEquals(100, nonces.size());
    }

    @Test
    public void secretsNeverShowInToString() {
        OAuth1Signer signer = new OAuth1Signer(new ClientCredentials("key", "verysecret"), new TokenCredentials("tok123", "tokensecret"));
        assertFalse(signer.toString().contains("verysecret"));
        assertFalse(signer.toString().contains("tokensecret"));
        assertFalse(new TokenCredentials("tok123", "tokensecret").toString().contains("tok123"));
        assertFalse(new ClientCredentials("key", "verysecret").toString().contains("verysecret"));
    }

    @Test(expected = IllegalArgumentException.class)
    public void extraParametersMustBeProtocolParameters() {
        new OAuth1Signer(new ClientCredentials("k", "s"), null).with("Access", "Full");
    }
}
