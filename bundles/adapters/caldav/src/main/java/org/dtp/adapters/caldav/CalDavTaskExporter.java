package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
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
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;

/**
 * Exports the task lists (calendar collections taking VTODO) of a CalDAV account and their tasks, ids being the
 * resources' paths. Nothing on the server is changed.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=caldav",
        AdapterProperties.PROVIDER_NAME + "=CalDAV",
        AdapterProperties.VERTICAL + "=TASKS"})
public final class CalDavTaskExporter implements Exporter<TaskList, Task> {
    private final CalDavConnector connector;
    final CalDavPages<TaskList, Task> pages;

    @Activate
    public CalDavTaskExporter(@Reference CalDavConnector connector) {
        this.connector = connector;
        this.pages = new CalDavPages<>(connector, "VTODO", c -> new TaskList(c.href().getPath(), CalDavPages.nameOf(c)), ICalendarFormat::readTasks);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.account(source);
    }

    @Override
    public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return pages.export(context, cursor);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("CalDAV tasks carry no media: " + ref.uri());
    }
}
