package org.dtp.rest;

import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.dtp.users.ApiToken;
import org.dtp.users.ApiTokens;
import org.dtp.users.ApiUser;
import org.dtp.users.IssuedApiToken;
import org.junit.Test;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.core.UriInfo;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class ApiAuthenticationFilterTest {
    private static final String TOKEN = "dtp_a-valid-token-for-ann";

    /** Users of the test realm: admin, viewer and operator, each with the role of its name, password "pw" each. */
    public static final class TestLoginModule implements LoginModule {
        private Subject subject;
        private CallbackHandler handler;
        private String user;

        @Override
        public void initialize(Subject subject, CallbackHandler handler, Map<String, ?> sharedState, Map<String, ?> options) {
            this.subject = subject;
            this.handler = handler;
        }

        @Override
        public boolean login() throws LoginException {
            NameCallback name = new NameCallback("user");
            PasswordCallback password = new PasswordCallback("password", false);
            try {
                handler.handle(new Callback[]{name, password});
            } catch (Exception e) {
                throw new LoginException(e.toString());
            }
            if (!List.of("admin", "viewer", "operator").contains(name.getName()) || !"pw".equals(new String(password.getPassword()))) {
                throw new FailedLoginException("no");
            }
            user = name.getName();
            return true;
        }

        @Override
        public boolean commit() {
            subject.getPrincipals().add(new UserPrincipal(user));
            subject.getPrincipals().add(new RolePrincipal(user));
            return true;
        }

        @Override
        public boolean abort() {
            return true;
        }

        @Override
        public boolean logout() {
            return true;
        }
    }

    private static final Configuration JAAS = new Configuration() {
        @Override
        public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
            return "karaf".equals(name) ? new AppConfigurationEntry[]{new AppConfigurationEntry(TestLoginModule.class.getName(),
                    AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of())} : null;
        }
    };

    private static final ApiTokens TOKENS = new ApiTokens() {
        @Override
        public IssuedApiToken issue(ApiUser user, String label) {
            throw new UnsupportedOperationException();
        }

        @Override
        public IssuedApiToken issue(ApiUser user, String label, Instant expiresAt) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<ApiUser> authenticate(String secret) {
            return TOKEN.equals(secret) ? Optional.of(new ApiUser("ann", null)) : Optional.empty();
        }

        @Override
        public List<ApiToken> tokens() {
            return List.of();
        }

        @Override
        public boolean revoke(String id) {
            return false;
        }

        @Override
        public Optional<String> email(String user) {
            return Optional.empty();
        }
    };

    /** The configuration with the annotation's defaults but {@code values}, as Config Admin gives it. */
    static ApiAuthenticationFilter.Config config(Map<String, Object> values) {
        return (ApiAuthenticationFilter.Config) Proxy.newProxyInstance(ApiAuthenticationFilter.Config.class.getClassLoader(),
                new Class<?>[]{ApiAuthenticationFilter.Config.class}, (p, m, a) -> m.getName().equals("annotationType")
                        ? ApiAuthenticationFilter.Config.class : values.getOrDefault(m.getName(), m.getDefaultValue()));
    }

    private final ApiAuthenticationFilter filter = new ApiAuthenticationFilter(TOKENS, config(Map.of("maxBodyBytes", 64L)), JAAS);

    /** A request to {@code path} with the given headers (and body), which records the security context set. */
    private static final class Request {
        final Map<String, String> headers = new HashMap<>();
        SecurityContext security;
        InputStream body;
        final String path;
        String method = "POST";

        Request(String path) {
            this.path = path;
        }

        Request method(String name) {
            method = name;
            return this;
        }

        /** The client's address, as ClientAddressLimit records it. */
        String address = "192.0.2.1";

        Request from(String clientAddress) {
            address = clientAddress;
            return this;
        }

        Request header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        Request body(String text) {
            body = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
            return this;
        }

        ContainerRequestContext context() {
            UriInfo uri = (UriInfo) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{UriInfo.class},
                    (p, m, a) -> m.getName().equals("getPath") ? path : null);
            return (ContainerRequestContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[]{ContainerRequestContext.class}, (p, m, a) -> switch (m.getName()) {
                        case "getHeaderString" -> headers.get((String) a[0]);
                        case "getMethod" -> method;
                        case "getProperty" -> ClientAddressLimit.CLIENT_ADDRESS.equals(a[0]) ? address : null;
                        case "getUriInfo" -> uri;
                        case "hasEntity" -> body != null;
                        case "getEntityStream" -> body;
                        case "setEntityStream" -> {
                            body = (InputStream) a[0];
                            yield null;
                        }
                        case "getSecurityContext" -> security;
                        case "setSecurityContext" -> {
                            security = (SecurityContext) a[0];
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private ApiCaller caller(Request request) {
        filter.filter(request.context());
        return (ApiCaller) request.security.getUserPrincipal();
    }

    private Problem refused(Request request, int status) {
        ApiProblem problem = assertThrows(ApiProblem.class, () -> filter.filter(request.context()));
        assertEquals(status, problem.getResponse().getStatus());
        assertNull(request.security);
        return problem.problem();
    }

    /** An end user as the filter makes them under the default configuration: localfs is for operators. */
    private static ApiCaller endUser(String name) {
        return new ApiCaller(name, false, Set.of("localfs"));
    }

    @Test
    public void operatorOnlyProvidersBindEndUsersOnlyAndAnEmptyValueOpensEveryAdapter() {
        Request request = new Request("/api/v1/transfers").header("Authorization", "Bearer " + TOKEN);
        ApiCaller ann = caller(request);
        Problem refused = Problems.expect(403, () -> ann.requireMayUse("source", "localfs"));
        assertTrue(refused.detail(), refused.detail().startsWith("source: only operators may use the adapter 'localfs'"));
        ann.requireMayUse("source", "smugmug");
        caller(new Request("api/v1/transfers").header("Authorization", basic("admin", "pw"))).requireMayUse("source", "localfs");

        ApiAuthenticationFilter open = new ApiAuthenticationFilter(TOKENS, config(Map.of("operatorOnlyProviders", new String[]{""})), JAAS);
        Request again = new Request("/api/v1/transfers").header("Authorization", "Bearer " + TOKEN);
        open.filter(again.context());
        ((ApiCaller) again.security.getUserPrincipal()).requireMayUse("source", "localfs");
    }

    @Test
    public void aJaasUserWithTheOperatorRoleIsAnOperator() {
        ApiCaller caller = caller(new Request("api/v1/transfers").header("Authorization", basic("admin", "pw")));

        assertEquals(new ApiCaller("admin", true), caller);
    }

    @Test
    public void aJaasUserWithoutItIsAnEndUserOfThatNameInTheJaasNamespace() {
        assertEquals(endUser("jaas:viewer"), caller(new Request("api/v1/transfers").header("Authorization", basic("viewer", "pw"))));
    }

    @Test
    public void aJaasUserNamedOperatorWithoutTheRoleIsNeitherTheOperatorsNorUnlimited() {
        ApiCaller caller = caller(new Request("api/v1/transfers").header("Authorization", basic("operator", "pw")));

        assertEquals(endUser("jaas:operator"), caller);
        assertFalse(caller.operator());
        assertFalse(org.dtp.transfer.TransferRequest.OPERATOR.equals(caller.owner()));
    }

    @Test
    public void anApiTokenAuthenticatesItsUser() {
        Request request = new Request("/api/v1/transfers").header("Authorization", "Bearer " + TOKEN);
        assertEquals(endUser("ann"), caller(request));
        assertEquals("Bearer", request.security.getAuthenticationScheme());
        assertFalse(request.security.isUserInRole(ApiCaller.OPERATOR_ROLE));
    }

    @Test
    public void missingOrWrongCredentialsAre401NamingBothSchemes() {
        Problem none = refused(new Request("api/v1/transfers"), 401);
        assertEquals(Problem.UNAUTHORIZED, none.type());
        assertTrue(none.detail(), none.detail().contains("Bearer"));
        for (String authorization : List.of(basic("admin", "wrong"), basic("nobody", "pw"), "Bearer dtp_other",
                "Basic not-base64!", "Basic " + Base64.getEncoder().encodeToString("no-colon".getBytes()), "Digest x")) {
            Problem problem = refused(new Request("api/v1/transfers").header("Authorization", authorization), 401);
            assertEquals("The credentials are not valid.", problem.detail());
        }
        ApiProblem problem = assertThrows(ApiProblem.class, () -> filter.filter(new Request("api/v1/me").context()));
        assertEquals(List.of("Basic realm=\"dtp\", charset=\"UTF-8\"", "Bearer realm=\"dtp\""),
                problem.getResponse().getHeaders().get("WWW-Authenticate"));
    }

    @Test
    public void theOpenApiDocumentAndCancelLinksNeedNoCredentials() {
        Request doc = new Request("/api/v1/openapi.json");
        filter.filter(doc.context());
        assertNull(doc.security);
        Request cancel = new Request("api/v1/cancellations/abc");
        filter.filter(cancel.context());
        assertNull(cancel.security);
        Request callback = new Request("api/v1/oauth/callback/google");
        filter.filter(callback.context());
        assertNull(callback.security);
        refused(new Request("api/v1/openapi.json/../transfers"), 401);
        refused(new Request("api/v1/oauth/other"), 401);
    }

    @Test
    public void theReceiptKeysNeedNoCredentialsButCheckingAReceiptDoes() {
        Request keys = new Request("api/v1/receipts/keys");
        filter.filter(keys.context());
        assertNull(keys.security);
        refused(new Request("api/v1/receipts/verification"), 401);
        refused(new Request("api/v1/receipts/keys/../verification"), 401);
    }

    @Test
    public void oversizedBodiesAre413ByLengthOrWhileRead() throws IOException {
        Problem declared = refused(new Request("api/v1/transfers").header("Content-Length", "65")
                .header("Authorization", basic("admin", "pw")), 413);
        assertEquals(Problem.BODY_TOO_LARGE, declared.type());

        Request chunked = new Request("api/v1/transfers").header("Authorization", basic("admin", "pw")).body("x".repeat(65));
        filter.filter(chunked.context());
        InputStream in = chunked.body;
        assertEquals(413, assertThrows(ApiProblem.class, in::readAllBytes).getResponse().getStatus());

        Request small = new Request("api/v1/transfers").header("Authorization", basic("admin", "pw")).body("x".repeat(64));
        filter.filter(small.context());
        assertEquals(64, small.body.readAllBytes().length);
    }

    /** An upload is bounded by the upload service's limits, not the API's body limit; it still needs credentials. */
    @Test
    public void anUploadIsLeftToTheUploadLimitsButNotToStrangers() throws IOException {
        Request upload = new Request("api/v1/uploads").header("Authorization", basic("admin", "pw"))
                .header("Content-Length", "100").body("x".repeat(100));
        filter.filter(upload.context());
        assertEquals(100, upload.body.readAllBytes().length);
        refused(new Request("api/v1/uploads").header("Content-Length", "100").body("x".repeat(100)), 401);
        // Only the upload itself: listing or deleting uploads, or another path, keeps the limit.
        refused(new Request("api/v1/uploads/0123").method("DELETE").header("Content-Length", "65")
                .header("Authorization", basic("admin", "pw")), 413);
        refused(new Request("api/v1/uploads").method("PUT").header("Content-Length", "65")
                .header("Authorization", basic("admin", "pw")), 413);
    }
    @Test
    public void withAnIssuerConfiguredEndUsersLogInWithItsJwts() throws Exception {
        no.nav.security.mock.oauth2.MockOAuth2Server idp = new no.nav.security.mock.oauth2.MockOAuth2Server();
        idp.start(java.net.InetAddress.getLoopbackAddress(), 0);
        try {
            ApiAuthenticationFilter oidc = new ApiAuthenticationFilter(TOKENS, config(Map.of(
                    "oidcIssuer", idp.issuerUrl("idp").toString(), "oidcJwksUri", idp.jwksUrl("idp").toString(),
                    "oidcAudience", "dtp")), JAAS);
            java.util.function.Function<String, Request> bearer = token -> new Request("api/v1/transfers")
                    .header("Authorization", "Bearer " + token);

            Request ann = bearer.apply(idp.issueToken("idp", "subject-1", "dtp", Map.of("preferred_username", "ann"), 300).serialize());
            oidc.filter(ann.context());
            String issuer = idp.issuerUrl("idp").toString();
            assertEquals(endUser("oidc:" + issuer + "#ann"), ann.security.getUserPrincipal());
            Request bySubject = bearer.apply(idp.issueToken("idp", "subject-2", "dtp", Map.of(), 300).serialize());
            oidc.filter(bySubject.context());
            assertEquals(endUser("oidc:" + issuer + "#subject-2"), bySubject.security.getUserPrincipal());
            Request namedOperator = bearer.apply(idp.issueToken("idp", "subject-3", "dtp", Map.of("preferred_username", "operator"), 300).serialize());
            oidc.filter(namedOperator.context());
            ApiCaller notTheOperators = (ApiCaller) namedOperator.security.getUserPrincipal();
            assertEquals(endUser("oidc:" + issuer + "#operator"), notTheOperators);
            assertFalse(org.dtp.transfer.TransferRequest.OPERATOR.equals(notTheOperators.owner()));
            Request token = bearer.apply(TOKEN);
            oidc.filter(token.context());
            assertEquals("API tokens still work", endUser("ann"), token.security.getUserPrincipal());

            String valid = idp.issueToken("idp", "subject-1", "dtp", Map.of(), 300).serialize();
            String tampered = valid.substring(0, valid.lastIndexOf('.') + 1) + "AAAA" + valid.substring(valid.lastIndexOf('.') + 5);
            String[] parts = valid.split("\\.");
            String unsigned = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes())
                    + "." + parts[1] + ".";
            for (String refused : List.of(
                    idp.issueToken("idp", "subject-1", "someone-else", Map.of(), 300).serialize(),
                    idp.issueToken("other", "subject-1", "dtp", Map.of(), 300).serialize(),
                    idp.issueToken("idp", "subject-1", "dtp", Map.of(), -120).serialize(),
                    tampered, unsigned)) {
                ApiProblem problem = assertThrows(ApiProblem.class, () -> oidc.filter(bearer.apply(refused).context()));
                assertEquals(401, problem.getResponse().getStatus());
            }
            ApiProblem withoutIssuer = assertThrows(ApiProblem.class, () -> filter.filter(bearer.apply(valid).context()));
            assertEquals("no issuer configured: JWTs are not accepted", 401, withoutIssuer.getResponse().getStatus());
        } finally {
            idp.shutdown();
        }
    }


    @Test
    public void manyWrongPasswordsLockTheUserSoThatEvenTheRightOneWaits() {
        Problems.expect(401, () -> caller(new Request("api/v1/transfers").header("Authorization", basic("admin", "wrong"))));
        for (int i = 0; i < 300; i++) {
            String from = "198.51.100." + (i % 200); // spread over addresses: the user's own count locks it
            try {
                filter.filter(new Request("api/v1/transfers").from(from).header("Authorization", basic("admin", "guess" + i)).context());
            } catch (ApiProblem expected) {
                assertTrue(expected.problem().toString(), expected.problem().status() == 401 || expected.problem().status() == 429);
            }
        }

        ApiProblem locked = assertThrows(ApiProblem.class,
                () -> filter.filter(new Request("api/v1/transfers").header("Authorization", basic("admin", "pw")).context()));

        assertEquals(429, locked.getResponse().getStatus());
        assertTrue(Long.parseLong(locked.getResponse().getHeaderString("Retry-After")) >= 1);
        assertEquals("another user is not held", endUser("jaas:viewer"),
                caller(new Request("api/v1/transfers").header("Authorization", basic("viewer", "pw"))));
    }

    @Test
    public void manyBadTokensFromOneAddressLockThatAddressOnly() {
        for (int i = 0; i < 40; i++) {
            try {
                filter.filter(new Request("api/v1/transfers").from("203.0.113.9").header("Authorization", "Bearer dtp_guess-" + i).context());
            } catch (ApiProblem expected) {
                // 401, then 429
            }
        }

        ApiProblem locked = assertThrows(ApiProblem.class, () -> filter.filter(new Request("api/v1/transfers").from("203.0.113.9")
                .header("Authorization", "Bearer " + TOKEN).context()));
        assertEquals(429, locked.getResponse().getStatus());
        assertEquals(endUser("ann"), caller(new Request("api/v1/transfers").from("203.0.113.10").header("Authorization", "Bearer " + TOKEN)));
    }
}
