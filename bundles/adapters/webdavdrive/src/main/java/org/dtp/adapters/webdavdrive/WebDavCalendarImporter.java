package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderCalendars;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports the calendars (.ics) into a WebDAV drive folder in the folder layout ({@link FolderCalendars}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavCalendarImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class WebDavCalendarImporter extends DriveFolderImporter<Calendar, CalendarEvent> {
    @Activate
    public WebDavCalendarImporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderCalendars());
    }
}
