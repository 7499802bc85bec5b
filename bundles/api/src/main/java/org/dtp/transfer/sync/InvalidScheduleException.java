package org.dtp.transfer.sync;

/** A schedule the server does not accept (not a valid cron expression, more often than it allows); the message says why. */
public class InvalidScheduleException extends Exception {
    public InvalidScheduleException(String message) {
        super(message);
    }
}
