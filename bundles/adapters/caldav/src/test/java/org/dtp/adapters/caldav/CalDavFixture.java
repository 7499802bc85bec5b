package org.dtp.adapters.caldav;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The adapter's four services on one Radicale account, and ways to fill and read calendars. */
final class CalDavFixture {
    final Radicale radicale;
    final DavClient client = org.dtp.webdav.testing.Radicale.client();
    final CalDavConnector connector;
    final CalDavEventExporter events;
    final CalDavEventImporter eventImporter;
    final CalDavTaskExporter tasks;
    final CalDavTaskImporter taskImporter;
    final UUID job = UUID.randomUUID();

    CalDavFixture(Radicale radicale, int batchSize) {
        this.radicale = radicale;
        this.connector = new CalDavConnector(client, batchSize);
        this.events = new CalDavEventExporter(connector);
        this.eventImporter = new CalDavEventImporter(connector);
        this.tasks = new CalDavTaskExporter(connector);
        this.taskImporter = new CalDavTaskImporter(connector);
    }

    TransferEndpoint endpoint() {
        return new TransferEndpoint("caldav", Map.of(DavAccount.URL, radicale.url().toString(),
                DavAccount.USERNAME, Radicale.USER, DavAccount.PASSWORD, Radicale.PASSWORD));
    }

    DavAccount account() {
        return new DavAccount(radicale.url(), Radicale.USER, Radicale.PASSWORD);
    }

    TransferContext source() {
        TransferEndpoint endpoint = endpoint();
        return new TestTransferContext(job, endpoint);
    }

    /** The source's context in a transfer that remembers, after one that left {@code previous} (empty: the first). */
    TestTransferContext sourceAfter(Map<String, String> previous) {
        return new TestTransferContext(UUID.randomUUID(), endpoint()).rememberingChangeTokens(previous);
    }

    TestImportContext destination() {
        return new TestImportContext(job, endpoint(), ref -> {
            throw new IOException("no media in calendars");
        });
    }

    /** A new calendar in alice's home taking {@code component}; its path. */
    String newCalendar(String name, String component) throws AdapterException {
        URI href = radicale.url().resolve("/alice/" + name.replace(' ', '-') + "-" + UUID.randomUUID().toString().substring(0, 8) + "/");
        client.makeCollection(account(), href, DavService.CALDAV, name, null, List.of(component));
        return href.getPath();
    }

    void put(String calendarPath, String name, String ics) throws AdapterException {
        client.put(account(), radicale.url().resolve(calendarPath + name), ics, DavService.CALDAV.contentType(), null);
    }

    /** Every item of a calendar, page after page, with the pages counted and what could not be read. */
    record Exported<I>(List<I> items, int pages, List<org.dtp.spi.ExportPage.Rejected> rejected) {
    }

    <C extends org.dtp.models.ContainerModel, I extends org.dtp.models.ItemModel> Exported<I> exportAll(
            CalDavPages<C, I> pages, String calendarPath) throws AdapterException {
        return exportAll(pages, calendarPath, source());
    }

    /** Every item of a calendar as a transfer with {@code context} exports them. */
    <C extends org.dtp.models.ContainerModel, I extends org.dtp.models.ItemModel> Exported<I> exportAll(
            CalDavPages<C, I> pages, String calendarPath, TransferContext context) throws AdapterException {
        List<I> items = new ArrayList<>();
        List<org.dtp.spi.ExportPage.Rejected> rejected = new ArrayList<>();
        String continuation = null;
        int count = 0;
        do {
            org.dtp.spi.ExportPage<C, I> page = pages.export(context, new ExportCursor(calendarPath, continuation));
            items.addAll(page.items());
            rejected.addAll(page.rejected());
            continuation = page.continuation();
            count++;
        } while (continuation != null);
        return new Exported<>(items, count, rejected);
    }
}
