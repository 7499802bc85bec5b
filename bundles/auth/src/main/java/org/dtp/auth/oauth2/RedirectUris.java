package org.dtp.auth.oauth2;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Redirect URIs as RFC 6749 §3.1.2 wants them (absolute, no fragment) and the one form they are compared
 * in: RFC 3986 §6.2.2 syntax-based normalization (scheme and host in lower case, dot segments removed) plus
 * the scheme's default port left out and an empty path as {@code /}. Comparison is string equality of that
 * form, never a prefix or a host.
 */
final class RedirectUris {
    private RedirectUris() {
    }

    /**
     * The normalized form of {@code uri}.
     *
     * @throws IllegalArgumentException when it cannot be a redirect URI: relative, with a fragment or user
     *         info, or not https (plain http only on a loopback host, RFC 8252 §7.3)
     */
    static URI normalize(URI uri) {
        if (uri == null || !uri.isAbsolute() || uri.isOpaque() || uri.getHost() == null) {
            throw new IllegalArgumentException("a redirect URI must be an absolute http(s) URI with a host: " + uri);
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("a redirect URI cannot have a fragment (RFC 6749 §3.1.2): " + uri);
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("a redirect URI cannot have user info");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (!"https".equals(scheme) && !("http".equals(scheme) && isLoopback(host))) {
            throw new IllegalArgumentException("a redirect URI must use https (plain http only on a loopback host): " + uri);
        }
        int port = uri.getPort();
        if (("https".equals(scheme) && port == 443) || ("http".equals(scheme) && port == 80)) {
            port = -1;
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        try {
            URI rebuilt = new URI(scheme + "://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host)
                    + (port < 0 ? "" : ":" + port) + path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
            return rebuilt.normalize();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid redirect URI: " + uri, e);
        }
    }

    private static boolean isLoopback(String host) {
        return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host) || "::1".equals(host);
    }
}
