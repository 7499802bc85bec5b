package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderCalendars;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports the calendars (.ics) into a bucket in the folder layout ({@link FolderCalendars}). */
@Component(
        name = "org.dtp.adapters.s3.S3CalendarImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class S3CalendarImporter extends S3FolderImporter<Calendar, CalendarEvent> {
    @Activate
    public S3CalendarImporter(@Reference S3Connector connector) {
        super(connector, new FolderCalendars());
    }
}
