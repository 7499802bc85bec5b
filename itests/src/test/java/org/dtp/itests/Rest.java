package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * A small JSON client for the dtp REST API, as a script with curl would use it: as the assembly's operator
 * (admin/admin from etc/users.properties) unless made {@link #as} someone else.
 */
final class Rest {
    static final String OPERATOR = basic("admin", "admin");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json = new ObjectMapper();
    private final String base;
    /** The Authorization header sent, or null for none. */
    private final String authorization;

    Rest(int port) {
        this("http://127.0.0.1:" + port + "/api/v1", OPERATOR);
    }

    private Rest(String base, String authorization) {
        this.base = base;
        this.authorization = authorization;
    }

    /** This client with another Authorization header (null: none). */
    Rest as(String authorization) {
        return new Rest(base, authorization);
    }

    static String basic(String user, String password) {
        return "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static String bearer(String token) {
        return "Bearer " + token;
    }

    Reply delete(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    /** A status code, its content type and the parsed body (null when the body is not JSON). */
    record Reply(int status, String contentType, JsonNode body, String text) {
    }

    Reply get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Reply post(String path, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        String type = response.headers().firstValue("Content-Type").orElse("");
        JsonNode body = null;
        if (type.contains("json")) {
            body = json.readTree(response.body());
        }
        return new Reply(response.statusCode(), type, body, response.body());
    }

    /** Polls {@code path} until {@code done} holds for a 200 reply, or fails after {@code timeout}. */
    Reply await(String path, Predicate<JsonNode> done, Duration timeout) throws Exception {
        return await(() -> get(path), reply -> reply.status() == 200 && reply.body() != null && done.test(reply.body()),
                timeout, "waiting on " + path);
    }

    /**
     * Polls {@code path} until it has answered 200 to every request for {@code steady} on end, or fails after
     * {@code timeout}: after a configuration change the server restarts the components it concerns one after another
     * (the engine, the API token store, the authentication filter, the resources), so one good answer may come
     * before the others go down and up again.
     */
    void awaitSteady(String path, Duration steady, Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        long goodSince = -1;
        Reply last = null;
        while (System.nanoTime() < end) {
            try {
                last = get(path);
            } catch (IOException e) {
                last = null;
            }
            if (last != null && last.status() == 200) {
                goodSince = goodSince < 0 ? System.nanoTime() : goodSince;
                if (System.nanoTime() - goodSince >= steady.toNanos()) {
                    return;
                }
            } else {
                goodSince = -1;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out after " + timeout + " waiting for " + path + " to answer 200 for " + steady
                + "; last reply: " + (last == null ? "none" : last.status() + " " + last.text()));
    }

    /** Sends {@code request} until {@code done} holds for its reply, or fails after {@code timeout}. */
    static Reply await(Callable<Reply> request, Predicate<Reply> done, Duration timeout, String what) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        Reply last = null;
        while (System.nanoTime() < end) {
            try {
                last = request.call();
                if (done.test(last)) {
                    return last;
                }
            } catch (IOException e) {
                // the server is not up yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out after " + timeout + " " + what + "; last reply: "
                + (last == null ? "none" : last.status() + " " + last.text()));
    }

    static String transferRequest(String sourcePath, String destinationPath) {
        return transferRequest("localfs", "path", sourcePath, "localfs", "path", destinationPath);
    }

    /** A media transfer from the folder-like setting {@code fromSetting} of {@code from} to {@code toSetting} of {@code to}. */
    static String transferRequest(String from, String fromSetting, String source, String to, String toSetting, String destination) {
        return "{\"vertical\":\"media\",\"source\":{\"provider\":\"" + from + "\",\"settings\":{\"" + fromSetting + "\":\""
                + source + "\"}},\"destination\":{\"provider\":\"" + to + "\",\"settings\":{\"" + toSetting + "\":\""
                + destination + "\"}}}";
    }

    /** The adapter of {@code provider} in a GET /adapters answer; null when it is not listed. */
    static JsonNode adapter(JsonNode adapters, String provider) {
        for (JsonNode adapter : adapters) {
            if (adapter.path("provider").asText().equals(provider)) {
                return adapter;
            }
        }
        return null;
    }
}
