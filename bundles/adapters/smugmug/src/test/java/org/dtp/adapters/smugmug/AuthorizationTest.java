package org.dtp.adapters.smugmug;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.auth.oauth1.ClientCredentials;
import org.dtp.auth.oauth1.OAuth1Endpoints;
import org.dtp.auth.oauth1.OAuth1Flow;
import org.dtp.auth.oauth1.TokenCredentials;
import org.dtp.fakes.smugmug.FakeSmugMug;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderHttp;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** OAuth 1.0a against the fake: the flow, and what a refused signature looks like to the engine. */
public class AuthorizationTest {
    private Fixture f;

    @Before
    public void start() throws IOException {
        f = new Fixture();
    }

    @After
    public void stop() {
        f.close();
    }

    private AdapterException exportRoot(SmugMugConnector connector, FakeSmugMug.Account account) {
        try {
            new SmugMugMediaExporter(connector).export(f.source(account), ExportCursor.root());
            throw new AssertionError("expected a refusal");
        } catch (AdapterException e) {
            return e;
        }
    }

    @Test
    public void aWrongConsumerSecretIsAClearRefusal() {
        SmugMugConnector wrong = new SmugMugConnector(f.settings().consumer(f.fake.consumerKey(), "not-the-secret").build());
        AdapterException e = exportRoot(wrong, f.ann);
        assertTrue(e.getClass().getName(), e instanceof AuthorizationRefusedException);
        assertFalse("not worth retrying", e instanceof TransientAdapterException);
        assertTrue(e.getMessage(), e.getMessage().contains("SmugMug refused the authorization (401: oauth_problem=signature_invalid)"));
        assertTrue(e.getMessage(), e.getMessage().contains("org.dtp.adapters.smugmug"));
        assertFalse("no secret in messages", e.getMessage().contains("not-the-secret"));
    }

    @Test
    public void aWrongConsumerKeyIsRefused() {
        SmugMugConnector wrong = new SmugMugConnector(f.settings().consumer("someone-else", f.fake.consumerSecret()).build());
        assertTrue(exportRoot(wrong, f.ann).getMessage().contains("consumer_key_unknown"));
    }

    @Test
    public void aRevokedOrWrongTokenIsRefused() {
        f.fake.revoke(f.ann.token());
        AdapterException e = exportRoot(f.connector(), f.ann);
        assertTrue(e.getMessage(), e.getMessage().contains("token_rejected"));
        assertFalse("no token in messages", e.getMessage().contains(f.ann.token()));
        FakeSmugMug.Account forged = new FakeSmugMug.Account("ann", f.fake.addToken("ann", "Full", "Modify").token(), "wrong-secret");
        assertTrue(exportRoot(f.connector(), forged).getMessage().contains("signature_invalid"));
    }

    @Test
    public void aReadOnlyTokenCannotImport() throws Exception {
        FakeSmugMug.Account readOnly = f.fake.addToken("ann", "Full", "Read");
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        TestImportContext ctx = new TestImportContext(f.job, f.endpoint(readOnly), ref -> null);
        try {
            importer.importContainer(ctx, "c:a", new PhotoAlbum("a", "A", null), null);
            fail("expected a refusal");
        } catch (AuthorizationRefusedException e) {
            assertEquals(403, e.status());
            assertTrue(e.getMessage(), e.getMessage().contains("not granted the required permissions"));
        }
    }

    @Test
    public void missingSettingsAreRefusedBeforeAJobStarts() {
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(f.connector());
        try {
            exporter.validate(new TransferEndpoint("smugmug", Map.of(SmugMugConnector.ACCESS_TOKEN, "t")));
            fail("expected a refusal");
        } catch (InvalidEndpointException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("accessTokenSecret"));
        }
        SmugMugMediaImporter unconfigured = new SmugMugMediaImporter(new SmugMugConnector(SmugMugSettings.builder().build()));
        try {
            unconfigured.validate(f.endpoint(f.ann));
            fail("expected a refusal");
        } catch (InvalidEndpointException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("consumerKey and consumerSecret"));
        }
    }

    @Test
    public void tooManyRequestsOnExportIsTransientWithTheDelay() {
        f.fake.failNext(1, 429, "7");
        AdapterException e = exportRoot(f.connector(), f.ann);
        assertTrue(e instanceof TransientAdapterException);
        assertEquals(Duration.ofSeconds(7), ((TransientAdapterException) e).retryAfter().orElseThrow());
    }

    /** The three legs against the fake, then the token works: SmugMug's endpoints with Access/Permissions. */
    @Test
    public void theThreeLeggedFlowGivesAWorkingToken() throws Exception {
        List<URI> endpoints = f.fake.oauthEndpoints();
        OAuth1Flow flow = new OAuth1Flow(ProviderHttp.builder("SmugMug").build(),
                new OAuth1Endpoints(endpoints.get(0), endpoints.get(1), endpoints.get(2)),
                new ClientCredentials(f.fake.consumerKey(), f.fake.consumerSecret()));
        TokenCredentials temporary = flow.requestToken("https://dtp.example/callback");
        Map<String, String> access = new java.util.LinkedHashMap<>();
        access.put("Access", "Full");
        access.put("Permissions", "Modify");
        URI authorize = flow.authorizationUri(temporary, access);
        assertTrue(authorize.toString(), authorize.getRawQuery().endsWith("&Access=Full&Permissions=Modify"));

        f.fake.authorizeAs("ann"); // the user logs in and approves
        HttpResponse<Void> approval = HttpClient.newHttpClient().send(HttpRequest.newBuilder(authorize).build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(302, approval.statusCode());
        URI back = URI.create(approval.headers().firstValue("Location").orElseThrow());
        assertTrue(back.toString(), back.toString().startsWith("https://dtp.example/callback?oauth_token=" + temporary.token()));
        String verifier = back.getQuery().replaceAll(".*oauth_verifier=([^&]+).*", "$1");

        OAuth1Flow.AccessToken token = flow.accessToken(temporary, verifier);
        FakeSmugMug.Account account = new FakeSmugMug.Account("ann", token.credentials().token(), token.credentials().secret());
        new SmugMugMediaImporter(f.connector()).importContainer(
                new TestImportContext(f.job, f.endpoint(account), ref -> null), "c:a", new PhotoAlbum("a", "Via OAuth", null), null);
        assertEquals("Via OAuth", f.fake.albums("ann").get(0).name());
        try {
            flow.accessToken(temporary, verifier);
            fail("a request token is single-use");
        } catch (AuthorizationRefusedException expected) {
            assertTrue(expected.getMessage(), expected.providerMessage().contains("token_rejected"));
        }
    }
}
