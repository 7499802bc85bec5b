package org.dtp.adapters.microsoft;

import org.dtp.adapters.microsoft.fake.FakeGraph;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.InMemoryPendingAuthorizations;
import org.dtp.auth.oauth2.OAuth2Authorizer;
import org.dtp.auth.oauth2.OAuth2BearerSigner;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.conformance.ModelComparison;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A fake Graph with one user, and the adapter built against it with the auth bundle's real OAuth 2.0 client. */
public final class Fixture implements AutoCloseable {
    public final FakeGraph fake;
    public final UUID job = UUID.randomUUID();
    public final MicrosoftConnector connector;

    public Fixture(int pageSize, int chunkUnits) throws IOException {
        fake = FakeGraph.start();
        OAuth2Provider provider = new OAuth2Provider(MicrosoftConnector.PROVIDER, fake.authorizationEndpoint(),
                fake.tokenEndpoint(), null, FakeGraph.CLIENT_ID, FakeGraph.CLIENT_SECRET,
                OAuth2Provider.ClientAuthentication.CLIENT_SECRET_POST,
                Set.of(URI.create("https://dtp.example.org/api/v1/oauth/callback/microsoft")),
                Map.of(Direction.EXPORT, List.of("offline_access", "Files.Read"),
                        Direction.IMPORT, List.of("offline_access", "Files.ReadWrite")), Map.of());
        OAuth2Authorizer authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), Clock.systemUTC()), id -> Optional.of(provider),
                Clock.systemUTC(), new SecureRandom());
        RegisteredOAuth2Clients clients = new RegisteredOAuth2Clients(authorizer, id -> Optional.of(provider),
                OAuth2BearerSigner.DEFAULT_SKEW);
        connector = new MicrosoftConnector(new MicrosoftSettings(fake.graphBase(), 1000, pageSize,
                chunkUnits * MicrosoftSettings.CHUNK_UNIT, "Imported photos", Duration.ofSeconds(20), 3 * 1024 * 1024), clients);
    }

    public TransferEndpoint endpoint() {
        String[] tokens = fake.grant();
        return new TransferEndpoint(MicrosoftConnector.PROVIDER, Map.of(
                AuthorizationFlows.ACCESS_TOKEN, tokens[0], AuthorizationFlows.REFRESH_TOKEN, tokens[1]));
    }

    public TestTransferContext source() {
        return new TestTransferContext(job, endpoint());
    }

    /** A destination whose media are the bytes {@code opener} gives. */
    public TestImportContext destination(TestImportContext.MediaOpener opener) {
        return new TestImportContext(job, endpoint(), opener);
    }

    public static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new java.util.Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** The SHA-256 of {@code bytes} in hex, as the conformance kit's {@link ModelComparison#sha256} gives a stream's. */
    public static String sha256(byte[] bytes) throws IOException {
        return ModelComparison.sha256(new ByteArrayInputStream(bytes));
    }

    @Override
    public void close() {
        fake.close();
    }
}
