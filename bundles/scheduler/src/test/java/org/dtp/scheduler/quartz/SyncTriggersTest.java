package org.dtp.scheduler.quartz;

import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.Schedule;
import org.junit.Test;

import java.time.Duration;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** What schedules a server with a one-hour floor accepts, and what it says of the others. */
public class SyncTriggersTest {
    private final SyncTriggers triggers = new SyncTriggers(null, Duration.ofHours(1));

    private String refusal(Schedule schedule) {
        return assertThrows(InvalidScheduleException.class, () -> triggers.validate(schedule)).getMessage();
    }

    @Test
    public void acceptsIntervalsAndCronExpressionsNoMoreOftenThanTheFloor() throws Exception {
        triggers.validate(Schedule.every(Duration.ofHours(1)));
        triggers.validate(Schedule.every(Duration.ofHours(24)));
        triggers.validate(Schedule.cron("0 0 3 * * ?"));
        triggers.validate(Schedule.cron("0 30 */6 ? * MON-FRI"));
    }

    @Test
    public void refusesAnIntervalUnderTheFloor() {
        String reason = refusal(Schedule.every(Duration.ofMinutes(30)));
        assertTrue(reason, reason.contains("at most every 1 h on this server, not every 30 min"));
    }

    @Test
    public void refusesWhatIsNotACronExpressionSayingWhy() {
        String reason = refusal(Schedule.cron("every day at 3"));
        assertTrue(reason, reason.startsWith("'every day at 3' is not a Quartz cron expression"));
        assertTrue(reason, reason.contains("e.g. '0 0 3 * * ?'"));
        assertTrue(refusal(Schedule.cron("0 0 25 * * ?")).contains("not a Quartz cron expression"));
    }

    @Test
    public void refusesACronExpressionWithTimesCloserThanTheFloor() {
        assertTrue(refusal(Schedule.cron("0 */5 * * * ?")).contains("5 min apart"));
        // Hourly on average, but two of its times are a minute apart.
        assertTrue(refusal(Schedule.cron("0 0,1 * * * ?")).contains("1 min apart"));
    }

    @Test
    public void refusesACronExpressionWithNoTimeToCome() {
        assertTrue(refusal(Schedule.cron("0 0 3 1 1 ? 2001")).contains("names no time to come"));
    }
}
