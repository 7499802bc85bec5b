package org.dtp.auth.oauth1;

import org.dtp.spi.http.FormEncoding;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The computations of RFC 5849 section 3.4 (signature) and 3.6 (percent-encoding). */
public final class OAuth1Signatures {
    public static final String HMAC_SHA1 = "HMAC-SHA1";

    private OAuth1Signatures() {
    }

    /** RFC 5849 §3.6: UTF-8, then every byte but {@code ALPHA DIGIT - . _ ~} as {@code %XX} (upper case). */
    public static String percentEncode(String text) {
        return FormEncoding.percentEncode(text);
    }

    /**
     * RFC 5849 §3.4.1.2: scheme and host in lower case, the port only when it is not the scheme's
     * default, the path as sent (an empty path is {@code /}), no query or fragment.
     */
    public static String baseStringUri(URI uri) {
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port < 0 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return scheme + "://" + host + (defaultPort ? "" : ":" + port) + path;
    }

    /** The decoded parameters of {@code uri}'s query (RFC 5849 §3.4.1.3.1), in order. */
    public static List<Map.Entry<String, String>> queryParameters(URI uri) {
        return FormEncoding.decode(uri.getRawQuery());
    }

    /**
     * RFC 5849 §3.4.1.3.2: every name and value percent-encoded, sorted by name then value (byte order of
     * the encoded text), {@code name=value} joined with {@code &}.
     */
    public static String normalizedParameters(List<Map.Entry<String, String>> parameters) {
        List<String[]> encoded = new ArrayList<>(parameters.size());
        for (Map.Entry<String, String> p : parameters) {
            encoded.add(new String[]{percentEncode(p.getKey()), percentEncode(p.getValue())});
        }
        encoded.sort(Comparator.<String[], String>comparing(p -> p[0]).thenComparing(p -> p[1]));
        StringBuilder out = new StringBuilder();
        for (String[] p : encoded) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(p[0]).append('=').append(p[1]);
        }
        return out.toString();
    }

    /**
     * RFC 5849 §3.4.1.1: {@code METHOD&encoded(base string URI)&encoded(normalized parameters)}, where the
     * parameters are those of the query, those given (form body and protocol parameters, without
     * {@code oauth_signature} and {@code realm}).
     */
    public static String signatureBaseString(String method, URI uri, List<Map.Entry<String, String>> bodyAndProtocolParameters) {
        List<Map.Entry<String, String>> all = new ArrayList<>(queryParameters(uri));
        for (Map.Entry<String, String> p : bodyAndProtocolParameters) {
            if (!"oauth_signature".equals(p.getKey()) && !"realm".equals(p.getKey())) {
                all.add(p);
            }
        }
        return method.toUpperCase(Locale.ROOT) + "&" + percentEncode(baseStringUri(uri)) + "&"
                + percentEncode(normalizedParameters(all));
    }

    /** RFC 5849 §3.4.2: the key is {@code encoded(client secret)&encoded(token secret)}. */
    public static String signingKey(String clientSecret, String tokenSecret) {
        return percentEncode(clientSecret == null ? "" : clientSecret) + "&" + percentEncode(tokenSecret == null ? "" : tokenSecret);
    }

    /** RFC 5849 §3.4.2: base64 of HMAC-SHA1 over the base string with the signing key. */
    public static String hmacSha1(String baseString, String clientSecret, String tokenSecret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(signingKey(clientSecret, tokenSecret).getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            return Base64.getEncoder().encodeToString(mac.doFinal(baseString.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA1 is not available in this JVM", e);
        }
    }

    /**
     * RFC 5849 §3.5.1: {@code OAuth } followed by {@code name="value"} pairs (both percent-encoded),
     * separated by {@code , }; {@code realm}, when given, comes first and unencoded.
     */
    public static String authorizationHeader(String realm, List<Map.Entry<String, String>> protocolParameters) {
        StringBuilder out = new StringBuilder("OAuth ");
        boolean first = true;
        if (realm != null) {
            out.append("realm=\"").append(realm.replace("\"", "")).append('"');
            first = false;
        }
        for (Map.Entry<String, String> p : protocolParameters) {
            if (!first) {
                out.append(", ");
            }
            out.append(percentEncode(p.getKey())).append("=\"").append(percentEncode(p.getValue())).append('"');
            first = false;
        }
        return out.toString();
    }
}
