package org.dtp.adapters.caldav;

import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferContext;
import org.dtp.webdav.CollectionPager;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavCollection;
import org.dtp.webdav.DavResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The export pages of both CalDAV exporters: the root lists the calendars taking the vertical's component, a
 * calendar's pages are multiget batches whose resources are read into items (only those changed since the last
 * transfer, where the server keeps a change feed). A resource that cannot be read is
 * left out of the page's items and listed with its reason in {@link ExportPage#rejected()}; one without the vertical's component (a task
 * in a calendar exported for events) gives no items.
 */
final class CalDavPages<C extends ContainerModel, I extends ItemModel> {
    private static final Logger LOG = LoggerFactory.getLogger(CalDavPages.class);

    /** Reads the items of one resource, saying to {@code losses} what of them the model cannot carry. */
    interface Reader<I> {
        List<I> read(String path, String text, ReadLosses losses) throws MalformedICalendarException;
    }

    interface ContainerOf<C> {
        C of(DavCollection collection);
    }

    private final CalDavConnector connector;
    private final String component;
    private final ContainerOf<C> containerOf;
    private final Reader<I> reader;

    CalDavPages(CalDavConnector connector, String component, ContainerOf<C> containerOf, Reader<I> reader) {
        this.connector = connector;
        this.component = component;
        this.containerOf = containerOf;
        this.reader = reader;
    }

    ExportPage<C, I> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        DavAccount account = connector.account(context);
        if (cursor.isRoot()) {
            List<C> containers = new ArrayList<>();
            for (DavCollection c : connector.collections(account, component)) {
                containers.add(containerOf.of(c));
            }
            return new ExportPage<>(containers, List.of(), null);
        }
        CollectionPager.Page page = connector.page(context, account, cursor.containerId(), cursor.continuation());
        List<I> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        page.unreadable().forEach(u -> rejected.add(new ExportPage.Rejected(u.href().getPath(), u.reason())));
        for (DavResource r : page.resources()) {
            if (!r.found()) {
                continue; // removed between listing and fetching
            }
            String path = r.href().getPath();
            try {
                items.addAll(reader.read(path, r.data(), context::reportNotKept));
            } catch (MalformedICalendarException | IllegalArgumentException e) {
                rejected.add(new ExportPage.Rejected(path, r.describe() + ": " + e.getMessage()));
            } catch (RuntimeException e) {
                // the reader's own failure on text it did not foresee: it costs this resource, not the page
                LOG.warn("{} could not be read", r.describe(), e);
                rejected.add(new ExportPage.Rejected(path, r.describe() + ": could not be read (" + e + ")"));
            }
        }
        return new ExportPage<>(List.of(), items, page.continuation(), rejected);
    }

    static String nameOf(DavCollection c) {
        return c.displayName() != null ? c.displayName() : c.lastSegment();
    }
}
