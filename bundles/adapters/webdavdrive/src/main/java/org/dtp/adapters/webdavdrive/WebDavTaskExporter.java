package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderTasks;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the task lists (.ics) of a WebDAV drive folder in the folder layout ({@link FolderTasks}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavTaskExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class WebDavTaskExporter extends DriveFolderExporter<TaskList, Task> {
    @Activate
    public WebDavTaskExporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderTasks());
    }
}
