package org.dtp.rest;

import org.apache.karaf.jaas.boot.ProxyLoginModule;
import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.dtp.users.ApiTokens;
import org.dtp.users.ApiUser;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.security.auth.Subject;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.SecurityContext;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;

/**
 * Every request to the API but its OpenAPI document, the signed cancel links of notifications and the providers' sign-in callbacks must authenticate, as an operator or as an end user:
 * <ul>
 * <li>{@code Authorization: Basic} with a user of Karaf's JAAS realm ({@code etc/users.properties} by default);
 * one with the operator role is an operator, any other the end user {@code jaas:<name>};</li>
 * <li>{@code Authorization: Bearer} with an API token an operator issued (an end user);</li>
 * <li>{@code Authorization: Bearer} with an OIDC ID or access token (a JWT) of the configured issuer, when
 * {@code oidcIssuer} is set: its signature (the issuer's JWKS), issuer, audience and expiry are checked, and its
 * {@code oidcUserClaim} names the end user, {@code oidc:<issuer>#<claim>}.</li>
 * </ul>
 * The three sources name their users in namespaces that cannot meet: an API token's user has a plain name without
 * ':' that is never the operators' owner name, the others have a prefix. So no end user can own, see or cancel
 * another source's transfers, nor the operators', and the limits of end users hold for all of them.
 * Anything else is a 401 problem that names both schemes. It also bounds request bodies (413). Failed attempts
 * are logged with the user name or token id they claimed, never with a password or token.
 */
@Component(service = ContainerRequestFilter.class, configurationPid = ApiAuthenticationFilter.PID)
@Designate(ocd = ApiAuthenticationFilter.Config.class)
@JaxrsExtension
@JaxrsName(ApiAuthenticationFilter.NAME)
public final class ApiAuthenticationFilter implements ContainerRequestFilter {
    public static final String PID = "org.dtp.rest.security";
    /** Resources select the filter by this name, so that none is ever served without it. */
    static final String NAME = "dtp.authentication";
    static final String SELECT = "(osgi.jaxrs.name=" + NAME + ")";
    private static final Logger LOG = LoggerFactory.getLogger(ApiAuthenticationFilter.class);
    private static final String PUBLIC_PATH = "api/v1/openapi.json";
    /** The public keys receipts are signed with: whoever holds a receipt may check it, with or without an account. */
    private static final String RECEIPT_KEYS = "api/v1/receipts/keys";
    /** Cancel links in notification e-mails: the signed link itself is the credential. */
    private static final String CANCELLATIONS = "api/v1/cancellations/";
    /** Providers' redirects back after a sign-in: the single-use state, the browser's cookie and PKCE protect them. */
    private static final String OAUTH_CALLBACKS = "api/v1/oauth/callback/";

    @ObjectClassDefinition(name = "dtp REST API security", description = "Who may call the REST API.")
    public @interface Config {
        @AttributeDefinition(name = "JAAS realm", description = "The realm operators (and JAAS end users) log in to with HTTP Basic.")
        String realm() default "karaf";

        @AttributeDefinition(name = "Operator role", description = "JAAS users with this role are operators: they see and control every transfer.")
        String operatorRole() default "admin";

        @AttributeDefinition(name = "Failed logins before a delay", description = "Failed logins of one user name before each "
                + "further one locks it for a while (no login of it is checked meanwhile, not even a right one).")
        int loginFreeFailures() default 5;

        @AttributeDefinition(name = "Failed logins per address before a delay", description = "The same for one client "
                + "address, whatever the user or token; higher, since many people may share one address.")
        int loginFreeFailuresPerAddress() default 20;

        @AttributeDefinition(name = "First login delay (ms)", description = "The first lock after the free failures; it doubles "
                + "with each further failure.")
        long loginFirstDelayMillis() default 1000;

        @AttributeDefinition(name = "Longest login delay (s)", description = "The cap of the doubling lock.")
        long loginMaxDelaySeconds() default 900;

        @AttributeDefinition(name = "Largest request body (bytes)", description = "Larger bodies are refused with 413.")
        long maxBodyBytes() default 1_048_576;

        @AttributeDefinition(name = "OIDC issuer", description = "End users may log in with a JWT of this issuer (its iss); empty: no OIDC login.")
        String oidcIssuer() default "";

        @AttributeDefinition(name = "OIDC JWKS URI", description = "Where the issuer publishes its signing keys (jwks_uri of its discovery document).")
        String oidcJwksUri() default "";

        @AttributeDefinition(name = "OIDC audience", description = "The aud the tokens must carry (dtp's client id at the issuer); empty: not checked.")
        String oidcAudience() default "";

        @AttributeDefinition(name = "OIDC user claim", description = "The claim that names the user; sub when the token lacks it.")
        String oidcUserClaim() default "preferred_username";

        @AttributeDefinition(name = "Operator-only adapters", description = "Providers end users may not name in "
                + "transfers or estimates (403). localfs reaches the server's own folders: open it to end users only "
                + "once its allowedRoots (org.dtp.adapters.localfs) is set. Empty: end users may use every adapter.")
        String[] operatorOnlyProviders() default {"localfs"};
    }

    private final ApiTokens tokens;
    /** Null: the JVM's JAAS configuration, which Karaf provides. */
    private final Configuration jaas;
    private volatile Config config;
    /** Failed logins per user name (Basic) and per client address (any scheme). */
    private volatile LoginThrottle userLogins;
    private volatile LoginThrottle addressLogins;
    /** Null when no OIDC issuer is configured. */
    private volatile OidcTokens oidc;
    /** {@link Config#operatorOnlyProviders}, blank entries left out. */
    private volatile Set<String> operatorOnly = Set.of();

    @Activate
    public ApiAuthenticationFilter(@Reference ApiTokens tokens, Config config) {
        this(tokens, config, null);
    }

    ApiAuthenticationFilter(ApiTokens tokens, Config config, Configuration jaas) {
        this.tokens = tokens;
        this.jaas = jaas;
        modified(config);
    }

    @Modified
    void modified(Config config) {
        this.config = config;
        this.operatorOnly = operatorOnlyProviders(config);
        java.time.Duration first = java.time.Duration.ofMillis(Math.max(1, config.loginFirstDelayMillis()));
        java.time.Duration longest = java.time.Duration.ofSeconds(Math.max(1, config.loginMaxDelaySeconds()));
        this.userLogins = new LoginThrottle(Math.max(0, config.loginFreeFailures()), first, longest, 100_000, java.time.Clock.systemUTC());
        this.addressLogins = new LoginThrottle(Math.max(0, config.loginFreeFailuresPerAddress()), first, longest, 100_000,
                java.time.Clock.systemUTC());
        this.oidc = config.oidcIssuer() == null || config.oidcIssuer().isBlank() ? null : new OidcTokens(config.oidcIssuer().trim(),
                config.oidcJwksUri().trim(), config.oidcAudience().trim(), config.oidcUserClaim().trim());
    }

    @Override
    public void filter(ContainerRequestContext request) {
        Config limits = config;
        String path = stripSlashes(request.getUriInfo().getPath());
        // An upload is a file of up to tens of GB: the upload service holds it to the operator's limits for uploads.
        boolean upload = "POST".equalsIgnoreCase(request.getMethod()) && UploadResource.PATH.equals(path);
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (!upload && length != null && parseLength(length) > limits.maxBodyBytes()) {
            throw ApiProblem.bodyTooLarge(limits.maxBodyBytes());
        }
        if (!upload && request.hasEntity()) {
            request.setEntityStream(new BoundedStream(request.getEntityStream(), limits.maxBodyBytes()));
        }
        if (PUBLIC_PATH.equals(path) || RECEIPT_KEYS.equals(path) || path.startsWith(CANCELLATIONS) || path.startsWith(OAUTH_CALLBACKS)) {
            return;
        }
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (authorization == null) {
            throw ApiProblem.unauthorized("Authentication is required: HTTP Basic (operators) or an API token as a Bearer token.");
        }
        Object from = request.getProperty(ClientAddressLimit.CLIENT_ADDRESS);
        String addressKey = from == null ? null : "address " + from;
        String userKey = basicCredentials(authorization).map(basic -> "user " + basic.user()).orElse(null);
        LoginThrottle byUser = userLogins;
        LoginThrottle byAddress = addressLogins;
        java.time.Duration locked = max(byAddress.lockedFor(addressKey), byUser.lockedFor(userKey));
        if (!locked.isZero()) {
            throw ApiProblem.loginsThrottled(locked);
        }
        Optional<ApiCaller> authenticated = authenticate(authorization);
        if (authenticated.isEmpty()) {
            byAddress.failed(addressKey);
            byUser.failed(userKey);
            throw ApiProblem.unauthorized("The credentials are not valid.");
        }
        // Only the user's count: a login that works from an address must not wipe out the guesses made from it.
        byUser.succeeded(userKey);
        ApiCaller caller = authenticated.get();
        boolean secure = request.getSecurityContext() != null && request.getSecurityContext().isSecure();
        String scheme = authorization.regionMatches(true, 0, "Bearer ", 0, 7) ? "Bearer" : SecurityContext.BASIC_AUTH;
        request.setSecurityContext(new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return caller;
            }

            @Override
            public boolean isUserInRole(String role) {
                return ApiCaller.OPERATOR_ROLE.equals(role) && caller.operator();
            }

            @Override
            public boolean isSecure() {
                return secure;
            }

            @Override
            public String getAuthenticationScheme() {
                return scheme;
            }
        });
    }

    /** The configured operator-only providers, blank entries left out (an empty .cfg value is one blank entry). */
    private static Set<String> operatorOnlyProviders(Config config) {
        String[] providers = config.operatorOnlyProviders();
        return providers == null ? Set.of() : java.util.Arrays.stream(providers)
                .filter(p -> p != null && !p.isBlank()).map(String::trim).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    private Optional<ApiCaller> authenticate(String authorization) {
        if (authorization == null) {
            return Optional.empty();
        }
        if (authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String token = authorization.substring(7).trim();
            OidcTokens issuer = oidc;
            if (issuer != null && OidcTokens.looksLikeJwt(token)) {
                Optional<ApiUser> user = issuer.user(token);
                if (user.isEmpty()) {
                    LOG.info("REST: refused a bearer token that is not a valid API token or OIDC token");
                }
                return user.map(u -> new ApiCaller(oidcName(issuer.issuer(), u.name()), false, operatorOnly));
            }
            Optional<ApiUser> user = tokens.authenticate(token);
            if (user.isEmpty()) {
                LOG.info("REST: refused a bearer token that is not a valid API token{}", issuer == null ? "" : " or OIDC token");
            }
            // API token users keep their plain names: those cannot contain ':' nor be the operators' (ApiTokens.issue).
            return user.map(u -> new ApiCaller(u.name(), false, operatorOnly));
        }
        if (authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return basicCredentials(authorization).flatMap(this::basic);
        }
        return Optional.empty();
    }

    private Optional<ApiCaller> basic(BasicCredentials credentials) {
        String user = credentials.user();
        char[] password = credentials.password().toCharArray();
        Subject subject = new Subject();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        // JAAS loads the realm's login module through the context class loader; Karaf's is its ProxyLoginModule.
        thread.setContextClassLoader(ProxyLoginModule.class.getClassLoader());
        try {
            LoginContext login = new LoginContext(config.realm(), subject, callbacks -> {
                for (javax.security.auth.callback.Callback callback : callbacks) {
                    if (callback instanceof NameCallback name) {
                        name.setName(user);
                    } else if (callback instanceof PasswordCallback pass) {
                        pass.setPassword(password);
                    } else {
                        throw new UnsupportedCallbackException(callback);
                    }
                }
            }, jaas);
            login.login();
            boolean operator = subject.getPrincipals(RolePrincipal.class).stream()
                    .anyMatch(role -> role.getName().equals(config.operatorRole()));
            return Optional.of(operator ? new ApiCaller(user, true, Set.of()) : new ApiCaller(jaasName(user), false, operatorOnly));
        } catch (LoginException e) {
            LOG.info("REST: login of '{}' to realm {} refused", user, config.realm());
            return Optional.empty();
        } finally {
            thread.setContextClassLoader(previous);
            java.util.Arrays.fill(password, '\0');
        }
    }

    private static java.time.Duration max(java.time.Duration a, java.time.Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** A Basic header's user and password (RFC 7617), decoded. */
    private record BasicCredentials(String user, String password) {
    }

    /** The credentials of a Basic header; empty for another scheme or a header that is not well-formed. */
    private static Optional<BasicCredentials> basicCredentials(String authorization) {
        if (!authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return Optional.empty();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        int colon = decoded.indexOf(':');
        return colon <= 0 ? Optional.empty() : Optional.of(new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1)));
    }

    /**
     * The name of an end user of the JAAS realm: in a namespace of its own, so that a JAAS user named like an API
     * token's user, or like the operators' owner name, is neither of them.
     */
    static String jaasName(String user) {
        return "jaas:" + user;
    }

    /** The name of an end user of an OIDC issuer: {@code oidc:<issuer>#<user claim>}, one namespace per issuer. */
    static String oidcName(String issuer, String user) {
        return "oidc:" + issuer + "#" + user;
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String stripSlashes(String path) {
        String p = path == null ? "" : path;
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    /** A body stream that ends the request with 413 once more than {@code max} bytes were read. */
    static final class BoundedStream extends FilterInputStream {
        private final long max;
        private long read;

        BoundedStream(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > max) {
                throw ApiProblem.bodyTooLarge(max);
            }
        }
    }
}
