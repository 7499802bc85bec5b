package org.dtp.adapters.caldav;

import org.dtp.models.Vertical;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on CalDAV tasks. */
public class CalDavTaskConformanceTest extends CalDavConformanceTest<TaskList, Task> {
    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new CalDavTaskExporter(connector());
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new CalDavTaskImporter(connector());
    }
}
