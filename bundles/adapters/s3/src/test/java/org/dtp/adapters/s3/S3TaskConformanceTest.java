package org.dtp.adapters.s3;

import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the S3 adapter's tasks in the folder layout (see {@link S3Conformance}). */
public class S3TaskConformanceTest extends S3Conformance<TaskList, Task> {
    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new S3TaskExporter(connector());
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new S3TaskImporter(connector());
    }
}
