package org.dtp.spi.http;

import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Each outcome of a {@link ProviderHttp}'s {@link AnswerPolicy}, and the {@link ProviderAnswer} its failures carry. */
public class AnswerPolicyTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String ERROR = "{\"error\":{\"code\":7,\"message\":\"no\"}}";

    private final AtomicLong now = new AtomicLong();
    private final AtomicLong slept = new AtomicLong();
    private final RateLimiter limiter = new RateLimiter(10, 1, now::get, nanos -> {
        slept.addAndGet(nanos);
        now.addAndGet(nanos);
    });
    private TestServer server;

    @Before
    public void start() throws IOException {
        server = new TestServer();
        server.handler(ex -> {
            ex.getResponseHeaders().set("X-Window-Reset", "42");
            TestServer.respond(ex, 400, ERROR);
        });
    }

    @After
    public void stop() {
        server.close();
    }

    private ProviderHttp judgedBy(AnswerPolicy policy) {
        return ProviderHttp.builder("Acme").clock(Clock.fixed(NOW, ZoneOffset.UTC)).rateLimiter(limiter)
                .answerPolicy(policy).build();
    }

    @Test
    public void aRejectionCarriesTheAnswer() {
        ProviderRejectedException e = expect(ProviderRejectedException.class,
                () -> judgedBy(AnswerPolicy.BY_STATUS).getJson(server.uri("/items?token=s3cret"), OnNotFound.FAIL));
        ProviderAnswer answer = e.answer().orElseThrow();
        assertEquals(400, answer.status());
        assertEquals("42", answer.header("x-window-reset").orElseThrow());
        assertEquals(ERROR, answer.bodyText());
        assertEquals("GET", answer.method());
        assertFalse("no query in the answer's address", answer.where().contains("s3cret"));
    }

    @Test
    public void aTransientOutcomeIsRetried() {
        TransientAdapterException e = expect(TransientAdapterException.class,
                () -> judgedBy(a -> AnswerOutcome.transientFailure()).getJson(server.uri("/x"), OnNotFound.FAIL));
        assertTrue(e.getMessage(), e.getMessage().contains("400 Bad Request") && e.getMessage().contains(": no"));
        assertEquals("not a rate limit", 0, limiter.throttles());
    }

    @Test
    public void aRateLimitUntilAnInstantSlowsTheLimiterAndNamesTheWait() throws Exception {
        ProviderHttp http = judgedBy(a -> AnswerOutcome.rateLimited(NOW.plusSeconds(
                Long.parseLong(a.header("X-Window-Reset").orElseThrow()))));
        TransientAdapterException e = expect(TransientAdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(Duration.ofSeconds(42), e.retryAfter().orElseThrow());
        assertEquals(1, limiter.throttles());
        server.handler(ex -> TestServer.respond(ex, 200, "{}"));
        http.getJson(server.uri("/x"), OnNotFound.FAIL);
        assertTrue("slept " + slept.get(), slept.get() >= Duration.ofSeconds(42).toNanos());
    }

    @Test
    public void aRateLimitForAWaitSaysItsReason() {
        TransientAdapterException e = expect(TransientAdapterException.class, () -> judgedBy(
                a -> AnswerOutcome.rateLimitedFor(Duration.ofMinutes(2)).because("error 7 of Acme"))
                .getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(Duration.ofMinutes(2), e.retryAfter().orElseThrow());
        assertTrue(e.getMessage(), e.getMessage().contains("error 7 of Acme") && e.getMessage().contains("a rate limit"));
    }

    @Test
    public void aFullDestinationPausesUntilItsInstant() {
        DestinationFullException e = expect(DestinationFullException.class, () -> judgedBy(
                a -> AnswerOutcome.destinationFull(NOW.plusSeconds(3600))).getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(NOW.plusSeconds(3600), e.retryAt().orElseThrow());
    }

    @Test
    public void theAdaptersOwnFailureIsThrownAsItIs() {
        AdapterException own = new AdapterException("Acme error 7");
        AdapterException e = expect(AdapterException.class,
                () -> judgedBy(a -> AnswerOutcome.failure(own)).getJson(server.uri("/x"), OnNotFound.FAIL));
        assertSame(own, e);
    }

    @Test
    public void aSuccessThatEndsTheWindowHoldsTheNextRequestBack() throws Exception {
        server.handler(ex -> TestServer.respond(ex, 200, "{}"));
        ProviderHttp http = judgedBy(new AnswerPolicy() {
            @Override
            public AnswerOutcome judge(ProviderAnswer answer) {
                return AnswerOutcome.byStatus();
            }

            @Override
            public Optional<Instant> pauseAfter(ProviderAnswer answer) {
                return Optional.of(NOW.plusSeconds(9));
            }
        });
        http.getJson(server.uri("/x"), OnNotFound.FAIL);
        assertEquals(0, slept.get());
        http.getJson(server.uri("/x"), OnNotFound.FAIL);
        assertTrue("slept " + slept.get(), slept.get() >= Duration.ofSeconds(9).toNanos());
    }

    @Test
    public void theDefaultPolicyLeavesTheStatusToDecide() {
        server.handler(ex -> TestServer.respond(ex, 507, ""));
        expect(DestinationFullException.class, () -> judgedBy(AnswerPolicy.BY_STATUS).getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(0, limiter.throttles());
    }

    private interface Call {
        void run() throws Exception;
    }

    private static <E extends Exception> E expect(Class<E> type, Call call) {
        try {
            call.run();
        } catch (Exception e) {
            if (type.isInstance(e)) {
                return type.cast(e);
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + e, e);
        }
        fail("expected " + type.getSimpleName());
        return null;
    }
}
