package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.models.MediaRef;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
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

/** Exports the calendars of a Google Takeout export ({@link CalendarCatalog}). */
@Component(
        name = "org.dtp.adapters.archives.TakeoutCalendarExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + TakeoutPhotosExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Takeout archive",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class TakeoutCalendarExporter implements Exporter<Calendar, CalendarEvent> {
    private final ProductExport<Calendar, CalendarEvent> export;

    @Activate
    public TakeoutCalendarExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public TakeoutCalendarExporter(ArchiveSettings settings) {
        this.export = new ProductExport<>(settings, "archives.takeout.calendar.catalog", CalendarCatalog::read);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        export.settings().checkSource(source);
    }

    @Override
    public ExportPage<Calendar, CalendarEvent> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.page(context, cursor);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("calendar events of a Takeout export carry no media");
    }
}
