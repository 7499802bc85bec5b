package org.dtp.adapters.s3;

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
import org.junit.After;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A local folder of address books, calendars or task lists → a bucket of S3Proxy (under a prefix) → another local
 * folder, compared item by item ({@link FolderRoundTrip}).
 */
public class FolderThroughS3Test {
    @ClassRule
    public static final S3ProxyRule S3PROXY = new S3ProxyRule();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 2, false);
    private final S3Connector connector = new S3Connector(S3Fixture.config(2), S3Fixture.loopbackAllowed());


    @After
    public void closeConnector() {
        connector.close();
    }

    @Test
    public void contactsComeBackItemByItem() throws Exception {
        roundTrip(Vertical.CONTACTS, new LocalFolderContactImporter(folders), new LocalFolderContactExporter(folders),
                new S3ContactImporter(connector), new S3ContactExporter(connector));
    }

    @Test
    public void calendarsComeBackItemByItem() throws Exception {
        roundTrip(Vertical.CALENDAR, new LocalFolderCalendarImporter(folders), new LocalFolderCalendarExporter(folders),
                new S3CalendarImporter(connector), new S3CalendarExporter(connector));
    }

    @Test
    public void taskListsComeBackItemByItem() throws Exception {
        roundTrip(Vertical.TASKS, new LocalFolderTaskImporter(folders), new LocalFolderTaskExporter(folders),
                new S3TaskImporter(connector), new S3TaskExporter(connector));
    }

    private <C extends ContainerModel, I extends ItemModel> void roundTrip(Vertical vertical, Importer<C, I> intoFolder,
            Exporter<C, I> fromFolder, Importer<C, I> intoBucket, Exporter<C, I> fromBucket) throws Exception {
        Path a = temp.newFolder("a").toPath();
        String bucket = "round-trip-" + UUID.randomUUID().toString().substring(0, 8);
        S3PROXY.client().createBucket(b -> b.bucket(bucket));
        FolderRoundTrip.check(vertical, a, new Side<>(intoFolder, fromFolder, local(a)),
                new Side<>(intoBucket, fromBucket, new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "backup/ann"))),
                new Side<>(intoFolder, fromFolder, local(temp.newFolder("c").toPath())));
    }

    private static TransferEndpoint local(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }
}
