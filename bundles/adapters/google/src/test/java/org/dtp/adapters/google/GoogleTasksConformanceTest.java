package org.dtp.adapters.google;

import org.dtp.models.Vertical;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

import java.util.Set;

/** The SPI conformance kit on the Google Tasks exporter and importer against the fake Google: a new fake (one user) per test, two tasks a page. */
public class GoogleTasksConformanceTest extends GoogleConformanceTest<TaskList, Task> {
    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new GoogleTasksExporter(f.connector());
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new GoogleTasksImporter(f.connector());
    }

    /**
     * A task's {@code position} is Google's own: the Tasks resource's position is read-only, set by the order of
     * insertion ({@code parent}, {@code previous}), which the importer follows (tasks.insert, "Order Google Tasks").
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("position");
    }

    /**
     * The kit's bad task (an extended property vCard/iCalendar cannot name) with a status: every Google task has
     * one (needsAction or completed), and RFC 5545 gives a VTODO without STATUS no other meaning, but the kit
     * compares "none" with needsAction as a change.
     */
    @Override
    protected Task unacceptableItem() {
        Task bad = super.unacceptableItem();
        return new Task(bad.id(), bad.uid(), bad.title(), bad.notes(), TaskStatus.NEEDS_ACTION, bad.due(), bad.start(),
                bad.completedAt(), bad.priority(), bad.percentComplete(), bad.parentId(), bad.position(), bad.categories(),
                bad.recurrenceRule(), bad.alarms(), bad.extended());
    }
}
