package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderCalendars;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the calendars (.ics) of a WebDAV drive folder in the folder layout ({@link FolderCalendars}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavCalendarExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class WebDavCalendarExporter extends DriveFolderExporter<Calendar, CalendarEvent> {
    @Activate
    public WebDavCalendarExporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderCalendars());
    }
}
