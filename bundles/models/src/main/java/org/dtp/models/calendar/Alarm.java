package org.dtp.models.calendar;

import org.dtp.models.ExtendedProperty;

import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A VALARM of an event or a task. It fires either at {@code triggerOffset}, an RFC 5545 duration
 * such as {@code -PT15M} relative to the start (or to the end when {@code triggerFromEnd}), or at
 * the absolute {@code triggerAt}; exactly one of the two is set. {@code actionText} holds the
 * source's action when {@code action} is {@link AlarmAction#OTHER}, and only then. {@code extended} holds the
 * alarm's other properties as the source wrote them (REPEAT, DURATION, ATTACH, ACKNOWLEDGED, Apple's
 * X-APPLE-STRUCTURED-LOCATION and X-APPLE-PROXIMITY, ...), so that they are written back.
 */
public record Alarm(
        AlarmAction action,
        String actionText,
        String triggerOffset,
        boolean triggerFromEnd,
        Instant triggerAt,
        String description,
        List<ExtendedProperty> extended) {

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
        extended = extended == null ? List.of() : List.copyOf(extended);
    }

    /** An alarm without other properties. */
    public Alarm(AlarmAction action, String actionText, String triggerOffset, boolean triggerFromEnd, Instant triggerAt,
                 String description) {
        this(action, actionText, triggerOffset, triggerFromEnd, triggerAt, description, List.of());
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
