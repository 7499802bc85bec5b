package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.models.MediaRef;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.InputStream;

/** Exports the task lists of a Google Takeout export ({@link TasksCatalog}). */
@Component(
        name = "org.dtp.adapters.archives.TakeoutTasksExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + TakeoutPhotosExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Takeout archive",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class TakeoutTasksExporter implements Exporter<TaskList, Task> {
    private final ProductExport<TaskList, Task> export;

    @Activate
    public TakeoutTasksExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public TakeoutTasksExporter(ArchiveSettings settings) {
        this.export = new ProductExport<>(settings, "archives.takeout.tasks.catalog", TasksCatalog::read);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        export.settings().checkSource(source);
    }

    @Override
    public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.page(context, cursor);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("tasks of a Takeout export carry no media");
    }
}
