package org.dtp.transfer.execution;

import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.Schedule;
import org.osgi.annotation.versioning.ConsumerType;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Keeps syncs' schedules, durably and once per cluster: at each time a schedule names, one node calls
 * {@link SyncRunner#run} for the sync. Since 1.2.
 */
@ConsumerType
public interface SyncScheduler {
    /** Checks that the schedule can be kept: a valid cron expression, not more often than this server allows. */
    void validate(Schedule schedule) throws InvalidScheduleException;

    /** Schedules the sync's runs from now on (replacing a schedule it had); returns its first time. */
    Instant schedule(UUID syncId, Schedule schedule) throws InvalidScheduleException;

    /** Removes the sync's schedule, if it has one. */
    void unschedule(UUID syncId);

    /** When the sync's schedule runs it next; empty when it has none. */
    Optional<Instant> nextRun(UUID syncId);
}
