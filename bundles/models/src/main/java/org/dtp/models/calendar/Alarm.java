package org.dtp.models.calendar;

import java.time.Instant;
import java.util.regex.Pattern;

/**
 * A VALARM of an event or a task. It fires either at {@code triggerOffset}, an RFC 5545 duration
 * such as {@code -PT15M} relative to the start (or to the end when {@code triggerFromEnd}), or at
 * the absolute {@code triggerAt}; exactly one of the two is set. {@code actionText} holds the
 * source's action when {@code action} is {@link AlarmAction#OTHER}, and only then.
 */
public record Alarm(
        AlarmAction action,
        String actionText,
        String triggerOffset,
        boolean triggerFromEnd,
        Instant triggerAt,
        String description) {

    private static final Pattern DURATION =
            Pattern.compile("[+-]?P(\\d+W|\\d+D(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?|T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)");

    public Alarm {
        if (action == null || (action == AlarmAction.OTHER) != (actionText != null)) {
            throw new IllegalArgumentException("an alarm needs an action, and actionText exactly when it is OTHER");
        }
        if ((triggerOffset == null) == (triggerAt == null)) {
            throw new IllegalArgumentException("an alarm is triggered by exactly one of triggerOffset or triggerAt");
        }
        checkDuration(triggerOffset, "triggerOffset");
    }

    /**
     * Refuses text that is not an RFC 5545 dur-value. Durations stay text because {@code P1D} (a
     * calendar day, 23 or 25 hours across a DST change) differs from {@code PT24H}.
     */
    static void checkDuration(String value, String field) {
        if (value != null && !DURATION.matcher(value).matches()) {
            throw new IllegalArgumentException(field + " is not an RFC 5545 duration: '" + value + "'");
        }
    }
}
