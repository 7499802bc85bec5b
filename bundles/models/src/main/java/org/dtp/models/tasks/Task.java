package org.dtp.models.tasks;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.Schema;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.CalendarTime;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

    /** Its due date, else its start, else when it was completed. */
    @Override
    @JsonIgnore
    public Optional<Instant> selectionInstant() {
        CalendarTime date = due != null ? due : start;
        return date != null ? Optional.of(date.toInstant()) : Optional.ofNullable(completedAt);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this Task's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link Task} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     */
    public static final class Builder {
        private String id;
        private String uid;
        private String title;
        private String notes;
        private TaskStatus status;
        private CalendarTime due;
        private CalendarTime start;
        private Instant completedAt;
        private Integer priority;
        private Integer percentComplete;
        private String parentId;
        private String position;
        private List<String> categories;
        private String recurrenceRule;
        private List<Alarm> alarms;
        private List<ExtendedProperty> extended;

        private Builder() {
        }

        private Builder(Task source) {
            id = source.id;
            uid = source.uid;
            title = source.title;
            notes = source.notes;
            status = source.status;
            due = source.due;
            start = source.start;
            completedAt = source.completedAt;
            priority = source.priority;
            percentComplete = source.percentComplete;
            parentId = source.parentId;
            position = source.position;
            categories = source.categories;
            recurrenceRule = source.recurrenceRule;
            alarms = source.alarms;
            extended = source.extended;
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder notes(String notes) {
            this.notes = notes;
            return this;
        }

        public Builder status(TaskStatus status) {
            this.status = status;
            return this;
        }

        public Builder due(CalendarTime due) {
            this.due = due;
            return this;
        }

        public Builder start(CalendarTime start) {
            this.start = start;
            return this;
        }

        public Builder completedAt(Instant completedAt) {
            this.completedAt = completedAt;
            return this;
        }

        public Builder priority(Integer priority) {
            this.priority = priority;
            return this;
        }

        public Builder percentComplete(Integer percentComplete) {
            this.percentComplete = percentComplete;
            return this;
        }

        public Builder parentId(String parentId) {
            this.parentId = parentId;
            return this;
        }

        public Builder position(String position) {
            this.position = position;
            return this;
        }

        public Builder categories(List<String> categories) {
            this.categories = categories;
            return this;
        }

        public Builder recurrenceRule(String recurrenceRule) {
            this.recurrenceRule = recurrenceRule;
            return this;
        }

        public Builder alarms(List<Alarm> alarms) {
            this.alarms = alarms;
            return this;
        }

        public Builder extended(List<ExtendedProperty> extended) {
            this.extended = extended;
            return this;
        }

        /** The Task; throws as the canonical constructor does when the components break its rules. */
        public Task build() {
            return new Task(id, uid, title, notes, status, due, start, completedAt, priority, percentComplete,
                    parentId, position, categories, recurrenceRule, alarms, extended);
        }
    }
}
