package org.dtp.transfer;

import java.time.Instant;

/** One persisted transition of a job's state. */
public record StateChange(JobState from, JobState to, String reason, Instant at) {
}
