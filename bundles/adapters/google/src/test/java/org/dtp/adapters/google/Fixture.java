package org.dtp.adapters.google;

import org.dtp.adapters.google.fake.FakeGoogle;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.InMemoryPendingAuthorizations;
import org.dtp.auth.oauth2.OAuth2Authorizer;
import org.dtp.auth.oauth2.OAuth2BearerSigner;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A fake Google with one user, and the adapter built against it with the auth bundle's real OAuth 2.0 client. */
public final class Fixture implements AutoCloseable {
    public final FakeGoogle fake;
    public final UUID job = UUID.randomUUID();
    public final RegisteredOAuth2Clients clients;
    final int pageSize;

    public Fixture(int pageSize) throws IOException {
        this.pageSize = pageSize;
        fake = FakeGoogle.start();
        OAuth2Provider provider = new OAuth2Provider(GoogleConnector.PROVIDER, fake.authorizationEndpoint(),
                fake.tokenEndpoint(), fake.revocationEndpoint(), FakeGoogle.CLIENT_ID, FakeGoogle.CLIENT_SECRET,
                OAuth2Provider.ClientAuthentication.CLIENT_SECRET_POST,
                Set.of(URI.create("https://dtp.example.org/api/v1/oauth/callback/google")),
                Map.of(Direction.EXPORT, List.of("https://www.googleapis.com/auth/photoslibrary.readonly"),
                        Direction.IMPORT, List.of("https://www.googleapis.com/auth/photoslibrary.appendonly",
                                "https://www.googleapis.com/auth/photoslibrary.readonly.appcreateddata")),
                Map.of("access_type", "offline"));
        OAuth2Authorizer authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), Clock.systemUTC()), id -> Optional.of(provider),
                Clock.systemUTC(), new SecureRandom());
        clients = new RegisteredOAuth2Clients(authorizer, id -> Optional.of(provider), OAuth2BearerSigner.DEFAULT_SKEW);
    }

    /** A new connector (as after a restart of the bundle: no caches). */
    public GoogleConnector connector() {
        return new GoogleConnector(new GoogleSettings(fake.base(), URI.create(fake.base() + "/calendar/v3"),
                URI.create(fake.base() + "/tasks/v1"), URI.create(fake.base() + "/people"), fake.base(), 1000, pageSize,
                "Imported photos", Duration.ofSeconds(20), List.of("googleusercontent.com")), clients);
    }

    public TransferEndpoint endpoint() {
        String[] tokens = fake.grant();
        return new TransferEndpoint(GoogleConnector.PROVIDER, Map.of(
                AuthorizationFlows.ACCESS_TOKEN, tokens[0], AuthorizationFlows.REFRESH_TOKEN, tokens[1]));
    }

    public TestTransferContext source() {
        return new TestTransferContext(job, endpoint());
    }

    public TestImportContext destination(TestImportContext.MediaOpener opener) {
        return new TestImportContext(job, endpoint(), opener);
    }

    public static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new java.util.Random(seed).nextBytes(bytes);
        return bytes;
    }

    public static InputStream stream(byte[] bytes) {
        return new ByteArrayInputStream(bytes);
    }

    public static String sha256(InputStream in) throws IOException {
        try (in) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(byte[] bytes) throws IOException {
        return sha256(new ByteArrayInputStream(bytes));
    }

    @Override
    public void close() {
        fake.close();
    }
}
