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
 * Queues again the transfers that paused because their destination was full ({@link TransferEngine#DESTINATION_FULL}),
 * once the time their reason names has come: after the engine's back-off, or when the provider said its quota is
 * renewed. The time lives in the job's reason, in the job store, so a restart or another node keeps it; a transfer
 * its owner paused or resumed meanwhile has another reason and is left alone.
 */
@Component(service = DestinationFullResumer.class, immediate = true)
public final class DestinationFullResumer {
    private static final Logger LOG = LoggerFactory.getLogger(DestinationFullResumer.class);
    /** How often paused transfers are looked at: the back-off is minutes or hours, this is its error. */
    private static final long CHECK_SECONDS = 15;

    private final JobStore store;
    private final JobDispatcher dispatcher;
    private final Clock clock;
    private final ScheduledExecutorService timer;

    @Activate
    public DestinationFullResumer(@Reference JobStore store, @Reference JobDispatcher dispatcher) {
        this(store, dispatcher, Clock.systemUTC(), true);
    }

    DestinationFullResumer(JobStore store, JobDispatcher dispatcher, Clock clock, boolean scheduled) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.clock = clock;
        if (scheduled) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "dtp-destination-full-resumer"));
            timer.scheduleWithFixedDelay(this::resumeDue, CHECK_SECONDS, CHECK_SECONDS, TimeUnit.SECONDS);
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

    /** Queues every transfer paused for a full destination whose time to try again has come; returns how many. */
    int resumeDue() {
        int resumed = 0;
        try {
            Instant now = clock.instant();
            for (UUID id : store.jobIdsIn(EnumSet.of(JobState.PAUSED))) {
                Optional<Instant> due = store.job(id).flatMap(DestinationFullResumer::tryingAgainAt);
                if (due.isPresent() && !due.get().isAfter(now)
                        && store.transition(id, Set.of(JobState.PAUSED), JobState.QUEUED, "destination full: trying again")) {
                    dispatcher.dispatch(id);
                    resumed++;
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("destination-full resumer: {}", e.getMessage());
        }
        return resumed;
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
