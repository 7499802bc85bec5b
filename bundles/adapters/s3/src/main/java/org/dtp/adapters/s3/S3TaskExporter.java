package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderTasks;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the task lists (.ics) of a bucket in the folder layout ({@link FolderTasks}). */
@Component(
        name = "org.dtp.adapters.s3.S3TaskExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=TASKS"})
public final class S3TaskExporter extends S3FolderExporter<TaskList, Task> {
    @Activate
    public S3TaskExporter(@Reference S3Connector connector) {
        super(connector, new FolderTasks());
    }
}
