package org.dtp.adapters.webdavdrive;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;
import org.junit.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** A drive's settings are checked when a transfer is created, with messages that say what to fix. */
public class DriveValidationTest {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    private final WebDavMediaImporter importer = new WebDavMediaImporter(Drives.connector(10));

    private static TransferEndpoint with(TransferEndpoint endpoint, String name, String value) {
        Map<String, String> settings = new HashMap<>(endpoint.settings());
        settings.put(name, value);
        return new TransferEndpoint(endpoint.provider(), settings);
    }

    private String refusal(TransferEndpoint endpoint) {
        return assertThrows(InvalidEndpointException.class, () -> importer.validate(endpoint)).getMessage();
    }

    @Test
    public void aFolderThatIsThereIsTaken() throws Exception {
        importer.validate(Drives.newFolder(SERVER));
        new WebDavMediaExporter(Drives.connector(10)).validate(Drives.newFolder(SERVER));
    }

    @Test
    public void aWrongPasswordSaysTheServerRefusedTheUser() throws Exception {
        String message = refusal(with(Drives.newFolder(SERVER), DavAccount.PASSWORD, "wrong"));
        assertTrue(message, message.contains("refused user 'alice'") && message.contains("app password"));
    }

    @Test
    public void aMissingFolderIsNamed() {
        String message = refusal(Drives.endpoint(SERVER, "no such folder"));
        assertTrue(message, message.contains("there is no folder /no%20such%20folder/") || message.contains("there is no folder /no such folder/"));
    }

    @Test
    public void aFolderAboveTheDriveIsRefused() throws Exception {
        String message = refusal(with(Drives.newFolder(SERVER), Drive.FOLDER, "photos/../.."));
        assertTrue(message, message.contains("'folder' cannot hold '.' or '..'"));
    }

    @Test
    public void aMissingUserOrAUrlThatIsNotHttpIsSaid() throws Exception {
        Map<String, String> settings = new HashMap<>(Drives.newFolder(SERVER).settings());
        settings.remove(DavAccount.USERNAME);
        assertTrue(refusal(new TransferEndpoint("webdav", settings)).contains("username"));
        assertTrue(refusal(with(Drives.newFolder(SERVER), DavAccount.URL, "ftp://127.0.0.1/")).contains("http or https"));
    }
}
