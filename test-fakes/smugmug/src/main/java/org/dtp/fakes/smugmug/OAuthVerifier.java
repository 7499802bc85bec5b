package org.dtp.fakes.smugmug;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks OAuth 1.0a HMAC-SHA1 signatures as RFC 5849 §3.2 says a server does. Written from the RFC on
 * its own (it shares no code with dtp-auth's signer), so a test that passes has two independent
 * readings of the RFC agreeing. Problems are named as in the OAuth Problem Reporting extension
 * ({@code oauth_problem=...}), the way SmugMug reports them.
 */
final class OAuthVerifier {
    /** Allowed clock difference for {@code oauth_timestamp}: our choice (SmugMug does not document one). */
    static final long TIMESTAMP_WINDOW_SECONDS = 300;
    private static final int MAX_REMEMBERED_NONCES = 200_000;

    /** A refused request: the problem name and a human text. */
    static final class Problem extends Exception {
        final String problem;

        Problem(String problem, String message) {
            super(message);
            this.problem = problem;
        }
    }

    /** What a verified request carried. */
    record Verified(String consumerKey, String token, Map<String, String> protocol) {
    }

    /** Looks up secrets; null when unknown. */
    interface Secrets {
        String consumerSecret(String consumerKey);

        String tokenSecret(String token);
    }

    private final Clock clock;
    private final Map<String, Long> nonces = new ConcurrentHashMap<>();

    OAuthVerifier(Clock clock) {
        this.clock = clock;
    }

    /**
     * Verifies one request.
     *
     * @param method         the request method
     * @param baseUri        scheme://host[:port] as the client addressed this server
     * @param rawPath        the path as sent
     * @param rawQuery       the query as sent, or null
     * @param authorization  the Authorization header, or null
     * @param form           the decoded form body parameters (empty for other bodies)
     * @param headerOnly     whether protocol parameters must come in the header (the uploader's rule)
     * @param tokenRequired  whether an oauth_token must be present
     */
    Verified verify(String method, String baseUri, String rawPath, String rawQuery, String authorization,
                    List<Map.Entry<String, String>> form, boolean headerOnly, boolean tokenRequired, Secrets secrets)
            throws Problem {
        List<Map.Entry<String, String>> query = decodePairs(rawQuery);
        Map<String, String> protocol = new LinkedHashMap<>();
        boolean fromHeader = authorization != null && authorization.regionMatches(true, 0, "OAuth ", 0, 6);
        if (fromHeader) {
            protocol.putAll(parseHeader(authorization.substring(6)));
        } else if (!headerOnly) {
            for (Map.Entry<String, String> p : query) {
                if (p.getKey().startsWith("oauth_")) {
                    protocol.put(p.getKey(), p.getValue());
                }
            }
            for (Map.Entry<String, String> p : form) {
                if (p.getKey().startsWith("oauth_")) {
                    protocol.put(p.getKey(), p.getValue());
                }
            }
        }
        List<String> absent = new ArrayList<>();
        for (String name : List.of("oauth_consumer_key", "oauth_signature_method", "oauth_timestamp", "oauth_nonce", "oauth_signature")) {
            if (!protocol.containsKey(name)) {
                absent.add(name);
            }
        }
        if (tokenRequired && !protocol.containsKey("oauth_token")) {
            absent.add("oauth_token");
        }
        if (!absent.isEmpty()) {
            throw new Problem("parameter_absent", "missing OAuth parameters " + absent
                    + (headerOnly && !fromHeader ? " (the uploader takes them only in the Authorization header)" : ""));
        }
        String version = protocol.get("oauth_version");
        if (version != null && !"1.0".equals(version)) {
            throw new Problem("version_rejected", "oauth_version must be 1.0");
        }
        if (!"HMAC-SHA1".equals(protocol.get("oauth_signature_method"))) {
            throw new Problem("signature_method_rejected", "only HMAC-SHA1 is accepted here (PLAINTEXT needs https)");
        }
        String consumerSecret = secrets.consumerSecret(protocol.get("oauth_consumer_key"));
        if (consumerSecret == null) {
            throw new Problem("consumer_key_unknown", "unknown consumer key");
        }
        long timestamp;
        try {
            timestamp = Long.parseLong(protocol.get("oauth_timestamp"));
        } catch (NumberFormatException e) {
            throw new Problem("timestamp_refused", "oauth_timestamp is not a number");
        }
        long now = clock.instant().getEpochSecond();
        if (Math.abs(now - timestamp) > TIMESTAMP_WINDOW_SECONDS) {
            throw new Problem("timestamp_refused", "oauth_timestamp is more than " + TIMESTAMP_WINDOW_SECONDS + " s off");
        }
        String token = protocol.get("oauth_token");
        String tokenSecret = "";
        if (token != null) {
            tokenSecret = secrets.tokenSecret(token);
            if (tokenSecret == null) {
                throw new Problem("token_rejected", "unknown, used or revoked token");
            }
        }
        List<Map.Entry<String, String>> signed = new ArrayList<>(query);
        signed.addAll(form);
        if (fromHeader) {
            protocol.forEach((k, v) -> signed.add(Map.entry(k, v)));
        }
        signed.removeIf(p -> p.getKey().equals("oauth_signature") || (fromHeader && p.getKey().equals("realm")));
        String base = method.toUpperCase(Locale.ROOT) + "&" + encode(baseUri.toLowerCase(Locale.ROOT) + rawPath) + "&"
                + encode(normalize(signed));
        String expected = hmacSha1(encode(consumerSecret) + "&" + encode(tokenSecret), base);
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                protocol.get("oauth_signature").getBytes(StandardCharsets.US_ASCII))) {
            throw new Problem("signature_invalid", "the signature does not match the request");
        }
        String nonceKey = protocol.get("oauth_consumer_key") + "|" + token + "|" + timestamp + "|" + protocol.get("oauth_nonce");
        forgetOldNonces(now);
        if (nonces.putIfAbsent(nonceKey, timestamp) != null) {
            throw new Problem("nonce_used", "this nonce was used before");
        }
        return new Verified(protocol.get("oauth_consumer_key"), token, protocol);
    }

    private void forgetOldNonces(long now) {
        if (nonces.size() < MAX_REMEMBERED_NONCES / 2) {
            return;
        }
        for (Iterator<Map.Entry<String, Long>> it = nonces.entrySet().iterator(); it.hasNext(); ) {
            if (now - it.next().getValue() > TIMESTAMP_WINDOW_SECONDS) {
                it.remove();
            }
        }
        if (nonces.size() >= MAX_REMEMBERED_NONCES) {
            nonces.clear(); // a fake under siege: forget rather than grow
        }
    }

    /** {@code name="value", ...} with percent-encoded names and values. */
    static Map<String, String> parseHeader(String params) throws Problem {
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : params.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0 || p.length() < eq + 3 || p.charAt(eq + 1) != '"' || !p.endsWith("\"")) {
                throw new Problem("parameter_rejected", "malformed Authorization header parameter");
            }
            out.put(decode(p.substring(0, eq).trim()), decode(p.substring(eq + 2, p.length() - 1)));
        }
        return out;
    }

    static List<Map.Entry<String, String>> decodePairs(String raw) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String part : raw.split("&")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            out.add(Map.entry(decode(eq < 0 ? part : part.substring(0, eq)), decode(eq < 0 ? "" : part.substring(eq + 1))));
        }
        return out;
    }

    /** Percent-decoding as a form decoder does it ({@code +} is a space). */
    static String decode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '+') {
                out.write(' ');
            } else if (c == '%' && i + 2 < s.length() && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                    b = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                out.write(b, 0, b.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }

    /** RFC 3986 unreserved characters stay, every other byte of the UTF-8 form is %XX. */
    static String encode(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append(c);
            } else {
                out.append(String.format("%%%02X", b & 0xff));
            }
        }
        return out.toString();
    }

    private static String normalize(List<Map.Entry<String, String>> params) {
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, String> p : params) {
            pairs.add(encode(p.getKey()) + "\u0000" + encode(p.getValue()));
        }
        pairs.sort(null); // "\0" sorts before any encoded character: name first, then value
        StringBuilder out = new StringBuilder();
        for (String pair : pairs) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(pair.replace('\u0000', '='));
        }
        return out.toString();
    }

    private static String hmacSha1(String key, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
