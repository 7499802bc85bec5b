package org.dtp.adapters.localfs.tasks;

import org.dtp.adapters.localfs.LocalFolderConformance;
import org.dtp.models.Vertical;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on the folder's tasks (see {@link org.dtp.conformance.AdapterConformanceTest}). */
public class LocalFolderTaskConformanceTest extends LocalFolderConformance<TaskList, Task> {
    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new LocalFolderTaskExporter(SETTINGS);
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new LocalFolderTaskImporter(SETTINGS);
    }
}
