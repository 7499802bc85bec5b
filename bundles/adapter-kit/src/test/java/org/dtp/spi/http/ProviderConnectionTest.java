package org.dtp.spi.http;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferEndpoint;
import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;

/** A {@link ProviderConnection}'s cluster permits as DS binds and unbinds them, and its authorization. */
public class ProviderConnectionTest {
    private final List<String> taken = new CopyOnWriteArrayList<>();

    private ClusterPermits permits(String name) {
        return (key, perSecond) -> taken.add(name + " " + key + "@" + perSecond);
    }

    private ProviderConnection connection() {
        return ProviderConnection.builder(ProviderHttp.builder("Acme").rateLimiter(RateLimiter.perSecond(100)).build())
                .clusterKey("acme", 2.6).build();
    }

    @Test
    public void boundPermitsAreTakenUnderTheKeyAtTheRateRounded() throws Exception {
        ProviderConnection connection = connection();
        connection.bindClusterPermits(permits("db"));
        connection.rateLimiter().acquire();
        assertEquals(List.of("db acme@3"), taken);
        connection.unbindClusterPermits(connection.clusterPermits().orElseThrow());
        connection.rateLimiter().acquire();
        assertEquals("alone again", 1, taken.size());
        assertFalse(connection.clusterPermits().isPresent());
    }

    @Test
    public void unbindingReplacedPermitsKeepsTheirReplacement() throws Exception {
        ProviderConnection connection = connection();
        ClusterPermits old = permits("old");
        connection.bindClusterPermits(old);
        ClusterPermits replacement = permits("new");
        connection.bindClusterPermits(replacement); // DS binds the replacement first
        connection.unbindClusterPermits(old);
        connection.rateLimiter().acquire();
        assertEquals(List.of("new acme@3"), taken);
        assertSame(replacement, connection.clusterPermits().orElseThrow());
    }

    @Test
    public void theClusterKeyIsTheProvidersNameUnlessSaid() throws Exception {
        ProviderConnection connection = ProviderConnection.builder(
                ProviderHttp.builder("Acme").rateLimiter(RateLimiter.perSecond(5)).build()).build();
        connection.bindClusterPermits(permits("db"));
        connection.rateLimiter().acquire();
        assertEquals(List.of("db Acme@5"), taken);
    }

    @Test
    public void theAuthorizationSignsAndRevokes() throws Exception {
        List<String> revoked = new CopyOnWriteArrayList<>();
        RequestSigner signer = request -> request.setHeader("Authorization", "Bearer t");
        ProviderConnection connection = ProviderConnection.builder(ProviderHttp.builder("Acme").build())
                .authorization(ProviderConnection.authorization(context -> signer, e -> revoked.add(e.provider())))
                .build();
        TransferEndpoint endpoint = new TransferEndpoint("acme", Map.of());
        ProviderHttp signed = connection.signedFor(new TestTransferContext(UUID.randomUUID(), endpoint));
        assertSame("the same limiter", connection.rateLimiter(), signed.rateLimiter());
        List<String> authorizations = new CopyOnWriteArrayList<>();
        try (TestServer server = new TestServer()) {
            server.handler(ex -> {
                authorizations.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
                TestServer.respond(ex, 200, "{}");
            });
            signed.getJson(server.uri("/x"), ProviderHttp.OnNotFound.FAIL);
            connection.http().getJson(server.uri("/x"), ProviderHttp.OnNotFound.FAIL);
        }
        assertEquals(List.of("Bearer t", "null"), authorizations);
        connection.revoke(endpoint);
        assertEquals(List.of("acme"), revoked);
    }
}
