package org.dtp.rest;

import org.dtp.rest.TokenResource.IssuedToken;
import org.dtp.rest.TokenResource.TokenBody;
import org.dtp.rest.TokenResource.TokenInfo;
import org.dtp.users.ApiToken;
import org.dtp.users.ApiTokens;
import org.dtp.users.ApiUser;
import org.dtp.users.IssuedApiToken;
import org.junit.Test;

import javax.ws.rs.core.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class TokenResourceTest {
    /** Tokens in memory; validation as the engine's (a user name without spaces). */
    private final List<IssuedApiToken> issued = new ArrayList<>();
    private final ApiTokens tokens = new ApiTokens() {
        @Override
        public IssuedApiToken issue(ApiUser user, String label) {
            return issue(user, label, null);
        }

        @Override
        public IssuedApiToken issue(ApiUser user, String label, Instant expiresAt) {
            if (user.name().contains(" ")) {
                throw new IllegalArgumentException("a user name is 1 to 200 letters, digits or . _ @ + -, not '" + user.name() + "'");
            }
            IssuedApiToken token = new IssuedApiToken(new ApiToken("t" + issued.size(), user, label, Instant.EPOCH, null, expiresAt),
                    "dtp_secret" + issued.size());
            issued.add(token);
            return token;
        }

        @Override
        public Optional<ApiUser> authenticate(String secret) {
            return Optional.empty();
        }

        @Override
        public List<ApiToken> tokens() {
            return issued.stream().map(IssuedApiToken::token).toList();
        }

        @Override
        public boolean revoke(String id) {
            return issued.removeIf(t -> t.token().id().equals(id));
        }

        @Override
        public Optional<String> email(String user) {
            return Optional.empty();
        }
    };
    private final TokenResource resource = new TokenResource(tokens);

    @Test
    public void aTokenMayBeIssuedToExpireAndShowsWhen() {
        Response response = resource.issue(Callers.OPERATOR, new TokenBody("ann", null, "laptop", 30));
        TokenResource.IssuedToken token = (TokenResource.IssuedToken) response.getEntity();

        assertTrue(token.expires().isAfter(Instant.now().plus(java.time.Duration.ofDays(29))));
        assertTrue(token.expires().isBefore(Instant.now().plus(java.time.Duration.ofDays(31))));
        Problems.expect(400, () -> resource.issue(Callers.OPERATOR, new TokenBody("ann", null, null, 0)));
        Problems.expect(400, () -> resource.issue(Callers.OPERATOR, new TokenBody("ann", null, null, 100_000)));
    }

    @Test
    public void anOperatorIssuesATokenWhoseSecretIsShownOnceAndNeverListed() {
        Response response = resource.issue(Callers.OPERATOR, new TokenBody(" ann ", "ann@example.org", "", null));

        assertEquals(201, response.getStatus());
        assertEquals("no-store", response.getHeaderString("Cache-Control"));
        IssuedToken token = (IssuedToken) response.getEntity();
        assertEquals("ann", token.user());
        assertEquals("dtp_secret0", token.secret());
        List<TokenInfo> listed = resource.list(Callers.OPERATOR);
        assertEquals(1, listed.size());
        assertFalse(listed.toString().contains("dtp_secret0"));
        assertEquals(204, resource.revoke(Callers.OPERATOR, token.id()).getStatus());
        assertEquals(Problem.NOT_FOUND, Problems.expect(404, () -> resource.revoke(Callers.OPERATOR, token.id())).type());
    }

    @Test
    public void endUsersMayNotManageTokens() {
        Problems.expect(403, () -> resource.issue(Callers.ANN, new TokenBody("ann", null, null, null)));
        Problems.expect(403, () -> resource.list(Callers.ANN));
        Problems.expect(403, () -> resource.revoke(Callers.ANN, "t0"));
        assertTrue(issued.isEmpty());
    }

    @Test
    public void aMissingOrBadUserIs400() {
        Problems.expect(400, () -> resource.issue(Callers.OPERATOR, null));
        Problems.expect(400, () -> resource.issue(Callers.OPERATOR, new TokenBody(" ", null, null, null)));
        Problem problem = Problems.expect(400, () -> resource.issue(Callers.OPERATOR, new TokenBody("ann smith", null, null, null)));
        assertTrue(problem.detail().contains("ann smith"));
    }
}
