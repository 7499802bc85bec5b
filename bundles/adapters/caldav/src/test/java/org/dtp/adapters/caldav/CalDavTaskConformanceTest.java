package org.dtp.adapters.caldav;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.Task;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.testing.Radicale;
import org.junit.Rule;

/** The SPI conformance kit on the CalDAV tasks against a real Radicale, one per test, two items per page. */
public class CalDavTaskConformanceTest extends AdapterConformanceTest<TaskList, Task> {
    @Rule
    public final Radicale radicale = new Radicale();

    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return new CalDavFixture(radicale, 2).endpoint();
    }

    private static CalDavConnector connector() {
        return new CalDavConnector(DavClient.builder("Radicale").build(), 2);
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
