package org.dtp.adapters.webdavdrive;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.ContainerModel;
import org.dtp.conformance.SampleData;
import org.dtp.models.ItemModel;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;

import java.io.ByteArrayInputStream;
import java.util.Map;

/**
 * The conformance kit on the WebDAV drive's collections (contacts, calendars, tasks, mail) against Apache's mod_dav, one
 * subclass per vertical: each test gets a new folder as its account; pages hold two entries.
 */
public abstract class DriveConformance<C extends ContainerModel, I extends ItemModel> extends AdapterConformanceTest<C, I> {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return Drives.newFolder(SERVER);
    }

    /**
     * A file that is no UTF-8 text, as a collection in the folder: rejected when its page is read. Mail has no such
     * thing (a message's header block is read as far as it goes).
     */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<C, I> data) throws Exception {
        if (vertical() == Vertical.MAIL) {
            return null;
        }
        String name = "unreadable" + (vertical() == Vertical.CONTACTS ? ".vcf" : ".ics");
        Drive drive = Drive.of(account);
        Drives.client().putNew(drive.account(), Drive.in(drive.root(), name, false),
                new ByteArrayInputStream(new byte[]{(byte) 0xff, (byte) 0xfe, 0}), 3, "text/plain", Map.of());
        return "unreadable";
    }

    protected final WebDavDriveConnector connector() {
        return Drives.connector(2);
    }
}
