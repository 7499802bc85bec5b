package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.execution.JobDispatcher;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ends the pauses that the server itself, not a person, must end, in one pass over the paused transfers:
 * <ul>
 * <li>a transfer waiting for a missing adapter ({@link TransferEngine#WAITING_FOR_ADAPTER}) fails, with a reason that
 * names the adapter, once it has waited longer than {@code adapterWaitTimeoutSeconds}; until then it stays paused and
 * resumes when the adapter returns;</li>
 * <li>a transfer paused because its destination was full ({@link TransferEngine#DESTINATION_FULL}) is queued again once
 * the time its reason names has come: after the engine's back-off, or when the provider said its quota is renewed.
 * The time lives in the job's reason, in the job store, so a restart or another node keeps it.</li>
 * </ul>
 * A transfer its owner paused or resumed meanwhile has another reason and is left alone.
 */
@Component(service = PausedTransfers.class, immediate = true, configurationPid = TransferEngine.PID)
public final class PausedTransfers {
    private static final Logger LOG = LoggerFactory.getLogger(PausedTransfers.class);
    /** The longest time between two passes: the destination-full back-off is minutes or hours, this is its error. */
    private static final long MAX_PERIOD_SECONDS = 15;

    /** What one pass did. */
    record Pass(int failed, int resumed) {
    }

    private final JobStore store;
    private final JobDispatcher dispatcher;
    private final Duration adapterWait;
    private final Clock clock;
    private final ScheduledExecutorService timer;

    @Activate
    public PausedTransfers(@Reference JobStore store, @Reference JobDispatcher dispatcher, TransferEngine.Config config) {
        this(store, dispatcher, Duration.ofSeconds(Math.max(1, config.adapterWaitTimeoutSeconds())), Clock.systemUTC(), true);
    }

    PausedTransfers(JobStore store, JobDispatcher dispatcher, Duration adapterWait, Clock clock, boolean scheduled) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.adapterWait = adapterWait;
        this.clock = clock;
        if (scheduled) {
            // A few passes per adapter wait, so that a job fails close to its deadline.
            long period = Math.max(1, Math.min(MAX_PERIOD_SECONDS, adapterWait.toSeconds() / 4));
            timer = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "dtp-paused-transfers"));
            timer.scheduleWithFixedDelay(this::review, period, period, TimeUnit.SECONDS);
        } else {
            timer = null;
        }
    }

    @Deactivate
    void deactivate() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    /** Fails the adapter waits that lasted too long and queues the full destinations whose time has come. */
    Pass review() {
        int failed = 0;
        int resumed = 0;
        try {
            Instant now = clock.instant();
            for (UUID id : store.jobIdsIn(EnumSet.of(JobState.PAUSED))) {
                TransferJob job = store.job(id).orElse(null);
                String reason = job == null ? null : job.stateReason();
                if (reason == null) {
                    continue;
                }
                if (reason.startsWith(TransferEngine.WAITING_FOR_ADAPTER)) {
                    if (Duration.between(job.updatedAt(), now).compareTo(adapterWait) >= 0
                            && store.transition(id, Set.of(JobState.PAUSED), JobState.FAILED,
                            reason.substring("waiting for ".length()) + " did not return within " + adapterWait.toSeconds() + " s")) {
                        failed++;
                    }
                    continue;
                }
                Optional<Instant> due = tryingAgainAt(job);
                if (due.isPresent() && !due.get().isAfter(now)
                        && store.transition(id, Set.of(JobState.PAUSED), JobState.QUEUED, "destination full: trying again")) {
                    dispatcher.dispatch(id);
                    resumed++;
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("paused transfers: {}", e.getMessage());
        }
        return new Pass(failed, resumed);
    }

    /** The time a job paused for a full destination tries again, from its reason; empty for any other job. */
    static Optional<Instant> tryingAgainAt(TransferJob job) {
        String reason = job.stateReason();
        if (reason == null || !reason.startsWith(TransferEngine.DESTINATION_FULL)) {
            return Optional.empty();
        }
        int at = reason.lastIndexOf(TransferEngine.TRYING_AGAIN_AT);
        if (at < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(reason.substring(at + TransferEngine.TRYING_AGAIN_AT.length()).trim()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
