package org.dtp.rest;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Estimate;
import org.dtp.rest.ApiModel.EstimateBody;
import org.dtp.spi.AdapterException;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.ws.rs.Consumes;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.SecurityContext;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * A dry run: how many items and bytes a transfer from this source would copy, counted by paging through the
 * source with its exporter (the newest installed version that is not revoked) without importing anything. It
 * answers within {@code maxSeconds} (default {@value #DEFAULT_SECONDS}, at most {@value #MAX_SECONDS}): a source
 * too large to count in that time gets the counts so far with {@code complete: false}. At most
 * {@value #MAX_RUNNING} estimates run at once on a node, {@value #MAX_RUNNING_PER_USER} of one user's (429 beyond); at the
 * time bound the page being read is interrupted and the place is free again as the answer goes out. A source that
 * does not react to the interruption (a socket read of a silent server) keeps its worker until the adapter's own
 * timeout: such lingering work is bounded apart ({@value #MAX_LINGERING} on a node, {@value #MAX_LINGERING_PER_USER}
 * of one user's), so that it never holds the places of the answered estimates, nor another user's. A source that names a sign-in
 * ({@code authorization}) borrows its tokens: the sign-in stays for the transfer to redeem.
 */
@Component(service = EstimateResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/estimates")
@Produces(APPLICATION_JSON)
public final class EstimateResource {
    static final int DEFAULT_SECONDS = 15;
    static final int MAX_SECONDS = 60;
    static final int MAX_RUNNING = 4;
    /** Estimates of one user at once: so that no one user takes every place. */
    static final int MAX_RUNNING_PER_USER = 1;
    /** Answered estimates whose source is still being read, on a node and of one user. */
    static final int MAX_LINGERING = 16;
    static final int MAX_LINGERING_PER_USER = 2;
    private static final Logger LOG = LoggerFactory.getLogger(EstimateResource.class);

    /** Finds the exporter a transfer would use. */
    interface Exporters {
        Optional<Exporter<?, ?>> find(String provider, Vertical vertical);
    }

    private final Exporters exporters;
    private final SignInSettings signIns;
    private final UserPermits running = new UserPermits(MAX_RUNNING, MAX_RUNNING_PER_USER);
    private final UserPermits lingering = new UserPermits(MAX_LINGERING, MAX_LINGERING_PER_USER);
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "dtp-estimate");
        t.setDaemon(true);
        return t;
    });

    @Activate
    public EstimateResource(@Reference TransferService transfers, @Reference AuthorizationFlows signIns) {
        this(transfers::exporter, signIns);
    }

    EstimateResource(Exporters exporters, AuthorizationFlows signIns) {
        this.exporters = exporters;
        this.signIns = new SignInSettings(signIns);
    }

    @Deactivate
    void deactivate() {
        workers.shutdownNow();
    }

    @POST
    @Consumes(APPLICATION_JSON)
    public Estimate estimate(@Context SecurityContext security, @QueryParam("maxSeconds") String maxSeconds,
                             EstimateBody body) {
        ApiCaller caller = ApiCaller.of(security);
        int seconds = seconds(maxSeconds);
        if (body == null || body.vertical() == null || body.vertical().isBlank() || body.source() == null
                || body.source().provider() == null || body.source().provider().isBlank()) {
            throw ApiProblem.invalidRequest("A JSON body is required: {\"vertical\", \"source\": {\"provider\", \"settings\"}}.");
        }
        Vertical vertical;
        try {
            vertical = Vertical.parse(body.vertical());
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidTransfer(e.getMessage());
        }
        Selection selection = ApiModel.SelectionBody.toSelection(body.selection());
        try {
            selection.checkFor(vertical);
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidRequest("selection: " + e.getMessage() + ".");
        }
        Map<String, String> settings = body.source().settings() == null ? Map.of() : body.source().settings();
        String provider = body.source().provider().trim();
        caller.requireMayUse("source", provider);
        TransferEndpoint source = signIns.borrow(caller, "source", new TransferEndpoint(provider, settings), Direction.EXPORT);
        String user = caller.name();
        UserPermits.Refusal lingers = lingering.tryTake(user);
        if (lingers == UserPermits.Refusal.USER) {
            throw ApiProblem.limitReached("Sources of your earlier estimates are still being read (a server that does not "
                    + "answer); try again in a few minutes.");
        }
        if (lingers == UserPermits.Refusal.NODE) {
            throw ApiProblem.limitReached("Too many estimates are ending on this server; try again in a minute.");
        }
        UserPermits.Refusal refused = running.tryTake(user);
        if (refused != null) {
            lingering.release(user);
        }
        if (refused == UserPermits.Refusal.USER) {
            throw ApiProblem.limitReached("An estimate of yours is still running; try again when it has answered.");
        }
        if (refused == UserPermits.Refusal.NODE) {
            throw ApiProblem.limitReached("Too many estimates are running on this server; try again in a minute.");
        }
        // Two places: the running one is given back once, when the answer goes out (or the work ends before);
        // the lingering one when the work has really ended.
        java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable answer = () -> {
            if (answered.compareAndSet(false, true)) {
                running.release(user);
            }
        };
        Runnable release = () -> {
            answer.run();
            lingering.release(user);
        };
        Exporter<?, ?> exporter;
        try {
            exporter = exporters.find(provider, vertical).orElseThrow(() -> ApiProblem.invalidTransfer(
                    "No installed adapter of provider '" + provider + "' exports " + vertical.name().toLowerCase(java.util.Locale.ROOT) + "."));
        } catch (RuntimeException e) {
            release.run();
            throw e;
        }
        try {
            return run(exporter, source, vertical, selection, seconds, release);
        } finally {
            answer.run();
        }
    }

    private Estimate run(Exporter<?, ?> exporter, TransferEndpoint source, Vertical vertical, Selection selection,
                         int seconds, Runnable release) {
        SourceEstimator estimator = new SourceEstimator(selection);
        long started = System.nanoTime();
        long deadline = started + TimeUnit.SECONDS.toNanos(seconds);
        java.time.Instant answerBy = java.time.Instant.now().plusSeconds(seconds); // adapters bound their I/O by it
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        Future<?> task = workers.submit(() -> {
            boolean complete = false;
            Exception failure = null;
            try {
                complete = estimator.run(exporter, source, answerBy, () -> System.nanoTime() >= deadline || done.isDone());
            } catch (AdapterException | RuntimeException e) {
                failure = e;
            } finally {
                // before the answer, so that an answered estimate no longer counts as running
                release.run();
            }
            if (failure == null) {
                done.complete(complete);
            } else {
                done.completeExceptionally(failure);
            }
        });
        String name = vertical.name().toLowerCase(java.util.Locale.ROOT);
        try {
            boolean complete = done.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return estimator.result(name, source.provider(), complete, "stopped after " + seconds + " s",
                    Duration.ofNanos(System.nanoTime() - started));
        } catch (TimeoutException e) {
            // The counts so far are the answer; the page being read is interrupted (a slow source holds no place).
            done.complete(false);
            task.cancel(true);
            return estimator.result(name, source.provider(), false, "stopped after " + seconds + " s",
                    Duration.ofNanos(System.nanoTime() - started));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiProblem.limitReached("The estimate was interrupted; try again.");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InvalidEndpointException invalid) {
                throw ApiProblem.invalidTransfer("source: " + invalid.getMessage());
            }
            LOG.info("estimate of a {} source at {} stopped: {}", name, source.provider(), cause.toString());
            return estimator.result(name, source.provider(), false, "the source could not be read: "
                    + (cause instanceof AdapterException ? cause.getMessage() : "internal error"),
                    Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private static int seconds(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_SECONDS;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1 && n <= MAX_SECONDS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiProblem.invalidRequest("Query parameter 'maxSeconds' must be an integer from 1 to " + MAX_SECONDS
                + ", not '" + value + "'.");
    }
}
