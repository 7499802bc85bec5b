package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderCalendars;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the calendars (.ics) of a bucket in the folder layout ({@link FolderCalendars}). */
@Component(
        name = "org.dtp.adapters.s3.S3CalendarExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class S3CalendarExporter extends S3FolderExporter<Calendar, CalendarEvent> {
    @Activate
    public S3CalendarExporter(@Reference S3Connector connector) {
        super(connector, new FolderCalendars());
    }
}
