package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.core.store.Pause;
import org.dtp.transfer.JobState;
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
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ends the pauses that the server itself, not a person, must end, in one pass over the paused transfers:
 * <ul>
 * <li>a transfer waiting for a missing adapter ({@link Pause.Cause#ADAPTER_MISSING}) fails, with a reason that
 * names the adapter, once it has waited longer than {@code adapterWaitTimeoutSeconds}; until then it stays paused and
 * resumes when the adapter returns;</li>
 * <li>a transfer paused because its destination was full ({@link Pause.Cause#DESTINATION_FULL}) is queued again once
 * its {@link Pause#retryAt} has come: after the engine's back-off, or when the provider said its quota is renewed.
 * The cause and time are kept with the pause in the job store, so a restart or another node keeps them.</li>
 * </ul>
 * A transfer its owner paused or resumed meanwhile has no such cause any more and is left alone.
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
            for (Pause.PausedJob job : store.paused(Pause.Cause.ADAPTER_MISSING)) {
                String adapter = job.pause().adapter() == null ? "the adapter it waits for" : "adapter " + job.pause().adapter();
                if (Duration.between(job.pausedAt(), now).compareTo(adapterWait) >= 0
                        && store.transition(job.id(), Set.of(JobState.PAUSED), JobState.FAILED,
                        adapter + " did not return within " + adapterWait.toSeconds() + " s")) {
                    failed++;
                }
            }
            for (Pause.PausedJob job : store.paused(Pause.Cause.DESTINATION_FULL)) {
                Instant due = job.pause().retryAt();
                if ((due == null || !due.isAfter(now))
                        && store.transition(job.id(), Set.of(JobState.PAUSED), JobState.QUEUED, "destination full: trying again")) {
                    dispatcher.dispatch(job.id());
                    resumed++;
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("paused transfers: {}", e.getMessage());
        }
        return new Pass(failed, resumed);
    }
}
