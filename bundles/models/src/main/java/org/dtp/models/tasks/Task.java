package org.dtp.models.tasks;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.Schema;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.CalendarTime;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A task (VTODO). {@code parentId} is the {@code id} of the task this one is a sub-task of.
 * {@code position} orders a task among its siblings: siblings sort by it as text, ascending
 * (exporters of numeric orders zero-pad them). {@code priority} is 1 (highest) to 9, 0 or null
 * undefined; {@code recurrenceRule} is an RRULE value without the {@code RRULE:} prefix.
 */
@Schema(name = "dtp.tasks.task")
public record Task(
        String id,
        String uid,
        String title,
        String notes,
        TaskStatus status,
        CalendarTime due,
        CalendarTime start,
        Instant completedAt,
        Integer priority,
        Integer percentComplete,
        String parentId,
        String position,
        List<String> categories,
        String recurrenceRule,
        List<Alarm> alarms,
        List<ExtendedProperty> extended) implements ItemModel {

    public Task {
        Objects.requireNonNull(id, "id");
        if (priority != null && (priority < 0 || priority > 9)) {
            throw new IllegalArgumentException("priority must be 0 to 9, was " + priority);
        }
        if (percentComplete != null && (percentComplete < 0 || percentComplete > 100)) {
            throw new IllegalArgumentException("percentComplete must be 0 to 100, was " + percentComplete);
        }
        categories = categories == null ? List.of() : List.copyOf(categories);
        alarms = alarms == null ? List.of() : List.copyOf(alarms);
        extended = extended == null ? List.of() : List.copyOf(extended);
    }
}
