package org.dtp.notifications;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;

/**
 * POSTs each event as JSON to one URL, signed with {@value #SIGNATURE_HEADER}: {@code sha256=} and the hex
 * HMAC-SHA256 of the body's bytes with the shared secret. Retries on 429, 5xx and connection failures with a doubling
 * delay; every attempt is bounded by the timeouts, so an event costs at most attempts × (timeouts + delay).
 */
final class WebhookPoster {
    static final String SIGNATURE_HEADER = "X-Dtp-Signature";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI url;
    private final byte[] secret;
    private final int attempts;
    private final Duration retryDelay;
    private final Duration readTimeout;
    private final HttpClient client;

    /** The webhook failed for good; the message names the last status or error, never the secret or the URL's query. */
    static final class WebhookException extends Exception {
        WebhookException(String message) {
            super(message);
        }
    }

    WebhookPoster(URI url, String secret, int attempts, Duration retryDelay, Duration connectTimeout, Duration readTimeout) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new IllegalArgumentException("the webhook URL must be an http or https URL with a host");
        }
        this.url = url;
        this.secret = secret == null ? new byte[0] : secret.getBytes(StandardCharsets.UTF_8);
        this.attempts = Math.max(1, attempts);
        this.retryDelay = retryDelay;
        this.readTimeout = readTimeout;
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    static WebhookPoster of(NotificationsConfig config) {
        URI url;
        try {
            url = URI.create(config.webhookUrl().strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the webhook URL is not a URL");
        }
        return new WebhookPoster(url, config._webhookSecret(), config.webhookAttempts(),
                Duration.ofMillis(config.webhookRetryDelayMs()), Duration.ofSeconds(config.connectTimeoutSeconds()),
                Duration.ofSeconds(config.readTimeoutSeconds()));
    }

    boolean signs() {
        return secret.length > 0;
    }

    /** Where it posts, for logs: scheme, host and port only (a path or query may carry a token of the receiver). */
    String describe() {
        return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort());
    }

    /** The JSON body for an event. */
    static byte[] body(TransferEvent event) {
        TransferJob job = event.job();
        ObjectNode body = JSON.createObjectNode();
        body.put("event", event.kind().name().toLowerCase(Locale.ROOT));
        body.put("transferId", job.id().toString());
        body.put("owner", job.owner());
        body.put("state", job.state().name());
        body.put("vertical", job.vertical().name().toLowerCase(Locale.ROOT));
        body.put("source", job.source().provider());
        body.put("destination", job.destination().provider());
        ObjectNode counts = body.putObject("counts");
        counts.put("items", job.items());
        counts.put("bytes", job.bytes());
        counts.put("errors", job.errors());
        body.put("startsAt", job.startsAt() == null ? null : job.startsAt().toString());
        body.put("at", event.at().toString());
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a JSON tree", e); // a tree of strings and numbers always writes
        }
    }

    String signature(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    /** Posts the event, retrying; returns the receiver's 2xx status, or throws with the last failure. */
    int post(TransferEvent event) throws WebhookException, InterruptedException {
        byte[] body = body(event);
        HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("User-Agent", "dtp-notifications")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (signs()) {
            request.header(SIGNATURE_HEADER, signature(body));
        }
        HttpRequest built = request.build();
        String last = "";
        Duration delay = retryDelay;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            if (attempt > 1) {
                Thread.sleep(delay.toMillis());
                delay = delay.multipliedBy(2);
            }
            try {
                int status = client.send(built, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status / 100 == 2) {
                    return status;
                }
                last = "HTTP " + status;
                if (status != 429 && status / 100 != 5) {
                    break; // the receiver refuses this body: trying again would not change that
                }
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            }
        }
        throw new WebhookException(last);
    }
}
