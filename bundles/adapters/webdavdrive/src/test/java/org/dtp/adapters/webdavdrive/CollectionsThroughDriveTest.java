package org.dtp.adapters.webdavdrive;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.calendar.LocalFolderCalendarExporter;
import org.dtp.adapters.localfs.calendar.LocalFolderCalendarImporter;
import org.dtp.adapters.localfs.contacts.LocalFolderContactExporter;
import org.dtp.adapters.localfs.contacts.LocalFolderContactImporter;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskExporter;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskImporter;
import org.dtp.conformance.FolderRoundTrip;
import org.dtp.conformance.FolderRoundTrip.Side;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A local folder of address books, calendars or task lists → a WebDAV drive folder (Apache mod_dav) → another local
 * folder, compared item by item ({@link FolderRoundTrip}).
 */
public class CollectionsThroughDriveTest {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 2, false);

    @Test
    public void contactsComeBackItemByItem() throws Exception {
        roundTrip(Vertical.CONTACTS, new LocalFolderContactImporter(folders), new LocalFolderContactExporter(folders),
                new WebDavContactImporter(Drives.connector(2)), new WebDavContactExporter(Drives.connector(2)));
    }

    @Test
    public void calendarsComeBackItemByItem() throws Exception {
        roundTrip(Vertical.CALENDAR, new LocalFolderCalendarImporter(folders), new LocalFolderCalendarExporter(folders),
                new WebDavCalendarImporter(Drives.connector(2)), new WebDavCalendarExporter(Drives.connector(2)));
    }

    @Test
    public void taskListsComeBackItemByItem() throws Exception {
        roundTrip(Vertical.TASKS, new LocalFolderTaskImporter(folders), new LocalFolderTaskExporter(folders),
                new WebDavTaskImporter(Drives.connector(2)), new WebDavTaskExporter(Drives.connector(2)));
    }

    private <C extends ContainerModel, I extends ItemModel> void roundTrip(Vertical vertical, Importer<C, I> intoFolder,
            Exporter<C, I> fromFolder, Importer<C, I> intoDrive, Exporter<C, I> fromDrive) throws Exception {
        Path a = temp.newFolder("a").toPath();
        FolderRoundTrip.check(vertical, a, new Side<>(intoFolder, fromFolder, local(a)),
                new Side<>(intoDrive, fromDrive, Drives.newFolder(SERVER)),
                new Side<>(intoFolder, fromFolder, local(temp.newFolder("c").toPath())));
    }

    private static TransferEndpoint local(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }
}
