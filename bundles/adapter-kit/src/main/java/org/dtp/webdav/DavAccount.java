package org.dtp.webdav;

import org.dtp.spi.Fingerprint;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.ProviderHttp;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One user's DAV account, from the endpoint settings {@value #URL} (the server, a principal or a home address),
 * {@value #USERNAME} and {@value #PASSWORD} (an app password where the provider offers them). The password is
 * only ever put into the {@code Authorization} header; {@link #toString()} never shows it.
 */
public final class DavAccount {
    public static final String URL = "url";
    public static final String USERNAME = "username";
    public static final String PASSWORD = "password";

    private final URI url;
    private final String username;
    private final String password;
    private final boolean operatorTransfer;
    /** When the work using the account must have answered (an estimate), or null. */
    private final java.time.Instant deadline;

    public DavAccount(URI url, String username, String password) {
        this(url, username, password, false, null);
    }

    private DavAccount(URI url, String username, String password, boolean operatorTransfer, java.time.Instant deadline) {
        this.url = Objects.requireNonNull(url, "url");
        this.username = Objects.requireNonNull(username, "username");
        this.password = Objects.requireNonNull(password, "password");
        this.operatorTransfer = operatorTransfer;
        this.deadline = deadline;
    }

    /**
     * The account of the context's endpoint, for the transfer of the context: an operators' transfer is checked by
     * {@link org.dtp.spi.net.OutboundAddresses#forOperator()}.
     */
    public static DavAccount of(org.dtp.spi.TransferContext context) throws InvalidEndpointException {
        DavAccount account = of(context.endpoint());
        return new DavAccount(account.url, account.username, account.password, context.operatorTransfer(),
                context.deadline().orElse(null));
    }

    /**
     * When the work using the account must have answered (an estimate): every request then ends by that time.
     *
     * @since 1.1
     */
    public java.util.Optional<java.time.Instant> deadline() {
        return java.util.Optional.ofNullable(deadline);
    }

    /** Whether the account is used for a transfer the operators run. */
    public boolean operatorTransfer() {
        return operatorTransfer;
    }

    /** The account the endpoint's settings describe, or what is missing or wrong in them. */
    public static DavAccount of(TransferEndpoint endpoint) throws InvalidEndpointException {
        String text = endpoint.require(URL).trim();
        URI uri;
        try {
            uri = URI.create(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidEndpointException("the setting '" + URL + "' is not a URL");
        }
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        if (!List.of("http", "https").contains(scheme) || uri.getHost() == null) {
            throw new InvalidEndpointException("the setting '" + URL + "' must be an http or https URL, was "
                    + ProviderHttp.redact(uri));
        }
        if (uri.getUserInfo() != null) {
            throw new InvalidEndpointException("the setting '" + URL + "' must not hold credentials: give '"
                    + USERNAME + "' and '" + PASSWORD + "' instead");
        }
        if (uri.getRawPath() == null || uri.getRawPath().isEmpty()) {
            uri = uri.resolve("/");
        }
        String username = endpoint.require(USERNAME);
        if (username.indexOf(':') >= 0) {
            throw new InvalidEndpointException("the setting '" + USERNAME + "' cannot contain ':' (HTTP Basic auth)");
        }
        return new DavAccount(uri, username, endpoint.require(PASSWORD));
    }

    public URI url() {
        return url;
    }

    public String username() {
        return username;
    }

    /** The value of the {@code Authorization} header (RFC 7617, UTF-8). */
    String authorization() {
        return "Basic " + Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** A stable id for this account in names and caches: a hash of server and user, never of the password. */
    public String fingerprint() {
        return Fingerprint.of(url.getScheme() + "://" + url.getAuthority() + "\n" + username).hex(8);
    }


    /** Never shows the password. */
    @Override
    public String toString() {
        return "DavAccount[" + ProviderHttp.redact(url) + ", user " + username + "]";
    }
}
