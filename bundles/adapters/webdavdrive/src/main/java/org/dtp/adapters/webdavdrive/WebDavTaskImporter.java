package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderTasks;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports the task lists (.ics) into a WebDAV drive folder in the folder layout ({@link FolderTasks}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavTaskImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class WebDavTaskImporter extends DriveFolderImporter<TaskList, Task> {
    @Activate
    public WebDavTaskImporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderTasks());
    }
}
