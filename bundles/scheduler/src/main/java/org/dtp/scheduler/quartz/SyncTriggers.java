package org.dtp.scheduler.quartz;

import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.Schedule;
import org.quartz.CronExpression;
import org.quartz.CronScheduleBuilder;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;

import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Syncs' schedules as Quartz triggers in the JDBC job store: one durable {@link SyncQuartzJob} and one trigger per
 * sync, so they survive restarts and each time fires on one node of a cluster. A time missed while no node ran
 * (a stop, a restart) fires once when a node is back, not once per time missed.
 */
final class SyncTriggers {
    static final String GROUP = "dtp-syncs";
    /** How many of a cron expression's times are checked against the floor: enough for "0 0,1 * * * ?" to show. */
    private static final int TIMES_CHECKED = 100;

    private final Scheduler scheduler;
    private final Duration floor;

    SyncTriggers(Scheduler scheduler, Duration floor) {
        this.scheduler = scheduler;
        this.floor = floor;
    }

    /** See {@link org.dtp.transfer.execution.SyncScheduler#validate}. */
    void validate(Schedule schedule) throws InvalidScheduleException {
        if (schedule.every() != null) {
            if (schedule.every().compareTo(floor) < 0) {
                throw new InvalidScheduleException("a sync may run at most every " + describe(floor)
                        + " on this server, not every " + describe(schedule.every()));
            }
            return;
        }
        CronExpression cron = cron(schedule.cron());
        Date previous = cron.getNextValidTimeAfter(new Date());
        if (previous == null) {
            throw new InvalidScheduleException("the cron expression '" + schedule.cron() + "' names no time to come");
        }
        for (int i = 0; i < TIMES_CHECKED; i++) {
            Date next = cron.getNextValidTimeAfter(previous);
            if (next == null) {
                return;
            }
            Duration gap = Duration.ofMillis(next.getTime() - previous.getTime());
            if (gap.compareTo(floor) < 0) {
                throw new InvalidScheduleException("the cron expression '" + schedule.cron() + "' runs the sync "
                        + describe(gap) + " apart (at " + previous.toInstant() + " and " + next.toInstant()
                        + "); a sync may run at most every " + describe(floor) + " on this server");
            }
            previous = next;
        }
    }

    private static CronExpression cron(String expression) throws InvalidScheduleException {
        try {
            return new CronExpression(expression);
        } catch (ParseException e) {
            throw new InvalidScheduleException("'" + expression + "' is not a Quartz cron expression (seconds minutes "
                    + "hours day-of-month month day-of-week [year], e.g. '0 0 3 * * ?'): " + e.getMessage());
        }
    }

    private static String describe(Duration d) {
        long s = d.toSeconds();
        return s % 3600 == 0 ? s / 3600 + " h" : s % 60 == 0 ? s / 60 + " min" : s + " s";
    }

    /** See {@link org.dtp.transfer.execution.SyncScheduler#schedule}: an interval's first run is at once. */
    Instant schedule(UUID syncId, Schedule schedule) throws InvalidScheduleException, SchedulerException {
        validate(schedule);
        JobDetail job = JobBuilder.newJob(SyncQuartzJob.class)
                .withIdentity(jobKey(syncId))
                .usingJobData(SyncQuartzJob.SYNC_ID, syncId.toString())
                .storeDurably()
                .build();
        TriggerBuilder<Trigger> builder = TriggerBuilder.newTrigger().withIdentity(triggerKey(syncId)).forJob(job);
        Trigger trigger = schedule.every() != null
                ? builder.startNow().withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(schedule.every().toMillis()).repeatForever()
                        .withMisfireHandlingInstructionNowWithExistingCount()).build()
                : builder.withSchedule(CronScheduleBuilder.cronSchedule(cron(schedule.cron()))
                        .withMisfireHandlingInstructionFireAndProceed()).build();
        scheduler.scheduleJob(job, Set.of(trigger), true);
        return nextRun(syncId).orElseThrow(() -> new InvalidScheduleException("the schedule names no time to come"));
    }

    void unschedule(UUID syncId) throws SchedulerException {
        scheduler.deleteJob(jobKey(syncId));
    }

    Optional<Instant> nextRun(UUID syncId) throws SchedulerException {
        Trigger trigger = scheduler.getTrigger(triggerKey(syncId));
        return trigger == null || trigger.getNextFireTime() == null ? Optional.empty()
                : Optional.of(trigger.getNextFireTime().toInstant());
    }

    private static JobKey jobKey(UUID syncId) {
        return new JobKey(syncId.toString(), GROUP);
    }

    private static TriggerKey triggerKey(UUID syncId) {
        return new TriggerKey(syncId.toString(), GROUP);
    }
}
