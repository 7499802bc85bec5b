package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Deletes ended transfers once their retention period ({@link TransferManager.Config#retentionDays()}) has passed,
 * and mapping scopes no transfer used for {@link TransferManager.Config#mappingRetentionDays()}, at start and then
 * hourly. Every node may do it: the deletion is idempotent.
 */
@Component(service = JobRetention.class, immediate = true, configurationPid = TransferManager.PID)
public final class JobRetention {
    private static final Logger LOG = LoggerFactory.getLogger(JobRetention.class);

    private final JobStore store;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dtp-retention");
        t.setDaemon(true);
        return t;
    });
    private volatile int retentionDays;
    private volatile int mappingRetentionDays;

    @Activate
    public JobRetention(@Reference JobStore store, TransferManager.Config config) {
        this.store = store;
        this.retentionDays = config.retentionDays();
        this.mappingRetentionDays = config.mappingRetentionDays();
        timer.scheduleWithFixedDelay(this::deleteExpired, 0, 1, TimeUnit.HOURS);
    }

    @Modified
    void modified(TransferManager.Config config) {
        this.retentionDays = config.retentionDays();
        this.mappingRetentionDays = config.mappingRetentionDays();
        timer.execute(this::deleteExpired);
    }

    @Deactivate
    void deactivate() {
        timer.shutdownNow();
    }

    /** Deletes the transfers that ended more than the retention period ago, then the mappings unused for long. */
    int deleteExpired() {
        int deleted = deleteEndedTransfers();
        deleteUnusedMappings();
        return deleted;
    }

    private int deleteEndedTransfers() {
        try {
            int deleted = store.deleteEndedBefore(Instant.now().minus(Duration.ofDays(Math.max(0, retentionDays))));
            if (deleted > 0) {
                LOG.info("deleted {} transfers that ended more than {} days ago", deleted, retentionDays);
            }
            return deleted;
        } catch (RuntimeException e) {
            LOG.warn("could not delete expired transfers: {}", e.toString());
            return 0;
        }
    }

    private void deleteUnusedMappings() {
        try {
            int deleted = store.deleteMappingScopesUnusedSince(
                    Instant.now().minus(Duration.ofDays(Math.max(0, mappingRetentionDays))));
            if (deleted > 0) {
                LOG.info("deleted {} mappings no transfer used for {} days", deleted, mappingRetentionDays);
            }
        } catch (RuntimeException e) {
            LOG.warn("could not delete unused mappings: {}", e.toString());
        }
    }
}
