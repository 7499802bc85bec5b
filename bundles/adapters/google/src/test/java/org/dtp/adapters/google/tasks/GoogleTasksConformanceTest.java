package org.dtp.adapters.google.tasks;

import org.dtp.adapters.google.GoogleConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
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
}
