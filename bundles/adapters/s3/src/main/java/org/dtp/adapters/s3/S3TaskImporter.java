package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderTasks;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports the task lists (.ics) into a bucket in the folder layout ({@link FolderTasks}). */
@Component(
        name = "org.dtp.adapters.s3.S3TaskImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=TASKS"})
public final class S3TaskImporter extends S3FolderImporter<TaskList, Task> {
    @Activate
    public S3TaskImporter(@Reference S3Connector connector) {
        super(connector, new FolderTasks());
    }
}
