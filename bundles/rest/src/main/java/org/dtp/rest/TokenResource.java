package org.dtp.rest;

import org.dtp.users.ApiToken;
import org.dtp.users.ApiTokens;
import org.dtp.users.ApiUser;
import org.dtp.users.IssuedApiToken;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.time.Instant;
import java.util.List;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * API tokens of end users, for operators only: issue (the secret is in that one response and nowhere else,
 * ever), list (never the secrets), revoke.
 */
@Component(service = TokenResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/tokens")
@Produces(APPLICATION_JSON)
public final class TokenResource {
    private final ApiTokens tokens;

    @Activate
    public TokenResource(@Reference ApiTokens tokens) {
        this.tokens = tokens;
    }

    /** The longest lifetime a token may be given at issue, in days (ten years). */
    static final int MAX_EXPIRY_DAYS = 3650;

    /**
     * What an operator sends to issue a token: the user it is for, their e-mail address (optional), a label, and the
     * days it is valid for (optional: without it the token lasts until it is revoked).
     */
    public record TokenBody(String user, String email, String label, Integer expiresInDays) {
    }

    /** A token as listed. */
    public record TokenInfo(String id, String user, String email, String label, Instant created, Instant revoked, Instant expires) {
        static TokenInfo of(ApiToken token) {
            return new TokenInfo(token.id(), token.user().name(), token.user().email(), token.label(),
                    token.createdAt(), token.revokedAt(), token.expiresAt());
        }
    }

    /** A token just issued, with its secret: the only time it is shown. */
    public record IssuedToken(String id, String user, String email, String label, Instant created, Instant expires, String secret) {
        static IssuedToken of(IssuedApiToken issued) {
            ApiToken t = issued.token();
            return new IssuedToken(t.id(), t.user().name(), t.user().email(), t.label(), t.createdAt(), t.expiresAt(), issued.secret());
        }
    }

    @POST
    @Consumes(APPLICATION_JSON)
    public Response issue(@Context SecurityContext security, TokenBody body) {
        ApiCaller.of(security).requireOperator();
        if (body == null || body.user() == null || body.user().isBlank()) {
            throw ApiProblem.invalidRequest("A JSON body with at least \"user\" is required: {\"user\", \"email\", \"label\"}.");
        }
        IssuedApiToken issued;
        try {
            issued = tokens.issue(new ApiUser(body.user().trim(), blankToNull(body.email())), blankToNull(body.label()),
                    expiryOf(body.expiresInDays()));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidRequest(e.getMessage());
        }
        // A path, not an absolute URL: an absolute one would be built from the client's Host header.
        return Response.status(Response.Status.CREATED).header(HttpHeaders.LOCATION, "/api/v1/tokens/" + issued.token().id())
                .header("Cache-Control", "no-store").entity(IssuedToken.of(issued)).build();
    }

    @GET
    public List<TokenInfo> list(@Context SecurityContext security) {
        ApiCaller.of(security).requireOperator();
        return tokens.tokens().stream().map(TokenInfo::of).toList();
    }

    @DELETE
    @Path("{id}")
    public Response revoke(@Context SecurityContext security, @PathParam("id") String id) {
        ApiCaller.of(security).requireOperator();
        if (!tokens.revoke(id)) {
            throw ApiProblem.notFound("There is no valid token with id '" + id + "'.");
        }
        return Response.noContent().build();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    /** When a token asked to last {@code days} expires; null for none. 400 outside 1 to {@value #MAX_EXPIRY_DAYS}. */
    private static Instant expiryOf(Integer days) {
        if (days == null) {
            return null;
        }
        if (days < 1 || days > MAX_EXPIRY_DAYS) {
            throw ApiProblem.invalidRequest("\"expiresInDays\" is a number of days from 1 to " + MAX_EXPIRY_DAYS + ", not " + days + ".");
        }
        return Instant.now().plus(java.time.Duration.ofDays(days));
    }
}
