package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Fails transfers that have waited longer than the configured time for a missing adapter, with a
 * reason that names it. Until then they stay paused and resume when the adapter returns.
 */
@Component(service = AdapterWaitWatchdog.class, immediate = true, configurationPid = TransferEngine.PID)
public final class AdapterWaitWatchdog {
    private static final Logger LOG = LoggerFactory.getLogger(AdapterWaitWatchdog.class);

    private final JobStore store;
    private final Duration timeout;
    private final Clock clock;
    private final ScheduledExecutorService timer;

    @Activate
    public AdapterWaitWatchdog(@Reference JobStore store, TransferEngine.Config config) {
        this(store, Duration.ofSeconds(Math.max(1, config.adapterWaitTimeoutSeconds())), Clock.systemUTC(), true);
    }

    AdapterWaitWatchdog(JobStore store, Duration timeout, Clock clock, boolean scheduled) {
        this.store = store;
        this.timeout = timeout;
        this.clock = clock;
        if (scheduled) {
            // Checks a few times per timeout, at least every 30 s, so a job fails close to its deadline.
            long period = Math.max(1, Math.min(30, timeout.toSeconds() / 4));
            timer = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "dtp-adapter-wait-watchdog"));
            timer.scheduleWithFixedDelay(this::failExpired, period, period, TimeUnit.SECONDS);
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

    /** Fails every job that has waited for an adapter longer than the timeout; returns how many. */
    int failExpired() {
        int failed = 0;
        try {
            for (UUID id : store.jobIdsIn(EnumSet.of(JobState.PAUSED))) {
                TransferJob job = store.job(id).orElse(null);
                if (job == null || job.stateReason() == null || !job.stateReason().startsWith(TransferEngine.WAITING_FOR_ADAPTER)) {
                    continue;
                }
                if (Duration.between(job.updatedAt(), clock.instant()).compareTo(timeout) >= 0
                        && store.transition(id, Set.of(JobState.PAUSED), JobState.FAILED,
                        job.stateReason().substring("waiting for ".length()) + " did not return within "
                                + timeout.toSeconds() + " s")) {
                    failed++;
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("adapter wait watchdog: {}", e.getMessage());
        }
        return failed;
    }
}
