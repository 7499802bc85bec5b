package org.dtp.adapters.microsoft.tasks;

import org.dtp.adapters.microsoft.MicrosoftConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on Microsoft To Do tasks. */
public class TodoConformanceTest extends MicrosoftConformanceTest<TaskList, Task> {
    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new TodoTaskExporter(f.connector);
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new TodoTaskImporter(f.connector);
    }
}
