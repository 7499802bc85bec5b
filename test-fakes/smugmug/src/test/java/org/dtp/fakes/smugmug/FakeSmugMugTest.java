package org.dtp.fakes.smugmug;

import org.junit.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** What the fake answers without a signature; signed behaviour is tested through the adapter. */
public class FakeSmugMugTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    public void servesOnLoopbackAndRefusesUnsignedRequests() throws Exception {
        try (FakeSmugMug fake = FakeSmugMug.start()) {
            assertEquals("127.0.0.1", fake.apiBaseUri().getHost());
            HttpResponse<String> response = get(URI.create(fake.apiBaseUri() + "/api/v2!authuser"));
            assertEquals(401, response.statusCode());
            assertTrue(response.body(), response.body().contains("oauth_problem=parameter_absent"));
        }
    }

    @Test
    public void injectedFaultsComeFirst() throws Exception {
        try (FakeSmugMug fake = FakeSmugMug.start()) {
            fake.failNext(1, 429, "3");
            HttpResponse<String> response = get(URI.create(fake.apiBaseUri() + "/api/v2!authuser"));
            assertEquals(429, response.statusCode());
            assertEquals("3", response.headers().firstValue("Retry-After").orElseThrow());
            assertEquals(401, get(URI.create(fake.apiBaseUri() + "/api/v2!authuser")).statusCode());
        }
    }

    @Test
    public void stopsOnClose() throws Exception {
        URI uri;
        try (FakeSmugMug fake = FakeSmugMug.start()) {
            uri = URI.create(fake.apiBaseUri() + "/api/v2!authuser");
        }
        try {
            get(uri);
            throw new AssertionError("still serving after close");
        } catch (java.io.IOException expected) {
            // connection refused
        }
    }
}
