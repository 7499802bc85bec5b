package org.dtp.rest;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.AuthorizationStateException;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.transfer.Direction;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.ws.rs.Consumes;
import javax.ws.rs.CookieParam;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.NewCookie;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.net.URI;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * Signing in at a provider, with the tokens kept on the server. {@code POST /api/v1/authorizations} answers the
 * provider's consent URL to send the browser to, and binds the sign-in to that browser with an HttpOnly cookie;
 * the provider sends the browser back to {@code /api/v1/oauth/callback/{provider}}, which exchanges the code and
 * shows the authorization's id; a transfer then names it (setting {@code authorization}) and the server puts the
 * tokens into the transfer's sealed settings. The callback needs no credentials: the single-use state, the cookie
 * and PKCE are what protect it.
 */
@Component(service = AuthorizationResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1")
public final class AuthorizationResource {
    static final String SESSION_COOKIE = "dtp_signin";
    /** Where the callback sends the browser back to, when the client named a page of this server. */
    static final String RETURN_COOKIE = "dtp_signin_return";
    static final String CALLBACK_PATH = "/api/v1/oauth/callback";
    /** A path of this server (an absolute path, never "//host" or "/\\host"), with an optional query: no open redirect. */
    private static final java.util.regex.Pattern LOCAL_PATH = java.util.regex.Pattern.compile("/(?![/\\\\])[A-Za-z0-9/._~%!$&'()*+,;=:@?-]{0,500}");
    private static final Logger LOG = LoggerFactory.getLogger(AuthorizationResource.class);

    private final AuthorizationFlows flows;
    private final SecureRandom random = new SecureRandom();

    @Activate
    public AuthorizationResource(@Reference AuthorizationFlows flows) {
        this.flows = flows;
    }

    /** {@code returnTo}: optional, a path of this server the browser is sent back to after the provider's answer. */
    public record AuthorizationBody(String provider, String direction, String returnTo) {
        public AuthorizationBody(String provider, String direction) {
            this(provider, direction, null);
        }
    }

    public record Started(UUID id, URI authorizationUrl, String status) {
    }

    public record AuthorizationInfo(UUID id, String status) {
    }

    public record Providers(List<String> providers) {
    }

    @GET
    @Path("authorizations")
    @Produces(APPLICATION_JSON)
    public Providers providers(@Context SecurityContext security) {
        ApiCaller.of(security);
        return new Providers(flows.providers());
    }

    @POST
    @Path("authorizations")
    @Consumes(APPLICATION_JSON)
    @Produces(APPLICATION_JSON)
    public Response begin(@Context SecurityContext security, @CookieParam(SESSION_COOKIE) String session,
                          AuthorizationBody body) {
        ApiCaller caller = ApiCaller.of(security);
        if (body == null || body.provider() == null || body.direction() == null) {
            throw ApiProblem.invalidRequest("A JSON body is required: {\"provider\", \"direction\": \"export\" or \"import\"}.");
        }
        Direction direction;
        try {
            direction = Direction.valueOf(body.direction().trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidRequest("\"direction\" is export (the provider is the source) or import (the "
                    + "destination), not '" + body.direction() + "'.");
        }
        if (body.returnTo() != null && !isLocalPath(body.returnTo())) {
            throw ApiProblem.invalidRequest("\"returnTo\" must be a path on this server, such as /portal/.");
        }
        String browser = session == null || session.length() < 32 ? newSession() : session;
        AuthorizationFlows.Started started;
        try {
            started = flows.begin(caller.name(), browser, body.provider().trim(), direction);
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidTransfer(e.getMessage());
        } catch (IllegalStateException e) {
            // a cap of waiting sign-ins (the user's, or the node's)
            throw ApiProblem.limitReached("Sign-in refused: " + e.getMessage() + ".");
        }
        // The cookies must come back with the provider's redirect: Secure when that goes to an https address.
        boolean secure = "https".equalsIgnoreCase(redirectUriOf(started.authorizationUrl()).getScheme());
        // Without returnTo, an earlier sign-in's page is forgotten (max-age 0).
        NewCookie back = new NewCookie(RETURN_COOKIE, body.returnTo() == null ? "" : body.returnTo(), CALLBACK_PATH, null,
                NewCookie.DEFAULT_VERSION, "where the sign-in returns to", body.returnTo() == null ? 0 : 3600, null, secure, true);
        // A path, not an absolute URL: an absolute one would be built from the client's Host header.
        return Response.status(Response.Status.CREATED)
                .header(HttpHeaders.LOCATION, "/api/v1/authorizations/" + started.id())
                .cookie(new NewCookie(SESSION_COOKIE, browser, "/api/v1", null, NewCookie.DEFAULT_VERSION,
                        "binds a sign-in to this browser", 3600, null, secure, true), back)
                .header("Cache-Control", "no-store")
                .entity(new Started(started.id(), started.authorizationUrl(), AuthorizationFlows.Status.PENDING.name()))
                .build();
    }

    @GET
    @Path("authorizations/{id}")
    @Produces(APPLICATION_JSON)
    public AuthorizationInfo status(@Context SecurityContext security, @PathParam("id") String id) {
        ApiCaller caller = ApiCaller.of(security);
        UUID uuid = parse(id);
        return flows.status(caller.name(), uuid).map(s -> new AuthorizationInfo(uuid, s.name()))
                .orElseThrow(() -> ApiProblem.notFound("There is no sign-in with id '" + id + "'."));
    }

    /**
     * Where the provider sends the browser back (RFC 6749 §4.1.2): a small HTML page for the person, or, when the
     * sign-in named a page to return to ({@code returnTo}), a 303 to that page once the answer is taken in (the
     * page asks {@code GET /authorizations/{id}} how it went).
     */
    @GET
    @Path("oauth/callback/{provider}")
    @Produces("text/html; charset=UTF-8")
    public Response callback(@PathParam("provider") String provider, @CookieParam(SESSION_COOKIE) String session,
                             @QueryParam("state") String state, @QueryParam("code") String code,
                             @QueryParam("error") String error, @CookieParam(RETURN_COOKIE) String returnTo) {
        Response page = answer(provider, session, state, code, error);
        if (returnTo == null || !isLocalPath(returnTo)) {
            return page;
        }
        return Response.seeOther(URI.create(returnTo)).header("Cache-Control", "no-store")
                .cookie(new NewCookie(RETURN_COOKIE, "", CALLBACK_PATH, null, NewCookie.DEFAULT_VERSION, null, 0, null,
                        false, true)).build();
    }

    /** The redirect_uri an authorization URL names (the registered callback); an empty URI when it names none. */
    static URI redirectUriOf(URI authorizationUrl) {
        return URI.create(FormEncoding.decode(authorizationUrl.getRawQuery()).stream()
                .filter(pair -> pair.getKey().equals("redirect_uri")).map(java.util.Map.Entry::getValue).findFirst().orElse(""));
    }

    static boolean isLocalPath(String path) {
        return LOCAL_PATH.matcher(path).matches();
    }

    private Response answer(String provider, String session, String state, String code, String error) {
        if (session == null || state == null || (code == null && error == null)) {
            return page(400, "Sign-in not completed", "This page expects the answer of " + provider
                    + " to a sign-in started in this browser; start the sign-in again.");
        }
        try {
            if (error != null) {
                UUID id = flows.deny(provider, session, state);
                return page(200, "Sign-in refused", "You did not allow access at " + provider + " (sign-in " + id
                        + "). Nothing was copied.");
            }
            UUID id = flows.complete(provider, session, state, code);
            return page(200, "Signed in at " + provider, "dtp may now use your account at " + provider
                    + " for one transfer. Authorization: " + id + ". You can close this page and return to the app.");
        } catch (AuthorizationStateException e) {
            return page(400, "Sign-in not completed", e.getMessage() + ". Start the sign-in again.");
        } catch (AdapterException e) {
            LOG.info("sign-in at {} failed: {}", provider, e.getMessage());
            return page(502, "Sign-in not completed", provider + " did not accept the sign-in: " + e.getMessage()
                    + ". Start the sign-in again.");
        }
    }

    private String newSession() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static UUID parse(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ApiProblem.notFound("There is no sign-in with id '" + id + "'.");
        }
    }

    private static Response page(int status, String title, String message) {
        String html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + escape(title)
                + " - dtp</title></head><body><main><h1>" + escape(title) + "</h1><p>" + escape(message)
                + "</p></main></body></html>";
        return Response.status(status).type("text/html; charset=UTF-8").header("Cache-Control", "no-store")
                .header("Content-Security-Policy", "default-src 'none'").entity(html).build();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
