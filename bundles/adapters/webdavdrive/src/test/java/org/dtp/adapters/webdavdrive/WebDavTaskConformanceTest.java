package org.dtp.adapters.webdavdrive;

import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the WebDAV drive's tasks in the folder layout (see {@link DriveConformance}). */
public class WebDavTaskConformanceTest extends DriveConformance<TaskList, Task> {
    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new WebDavTaskExporter(connector());
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new WebDavTaskImporter(connector());
    }
}
