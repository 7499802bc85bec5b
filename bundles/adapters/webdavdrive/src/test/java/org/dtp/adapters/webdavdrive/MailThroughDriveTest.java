package org.dtp.adapters.webdavdrive;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.mail.LocalFolderMailExporter;
import org.dtp.adapters.localfs.mail.LocalFolderMailImporter;
import org.dtp.conformance.MboxSample;
import org.dtp.conformance.SampleData;
import org.dtp.conformance.Transfers;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Mail in the local folder's eml layout through a WebDAV drive (Apache mod_dav): a folder → the drive → another folder,
 * message by message (bytes, flags, labels, INTERNALDATE), a large message among them; and the layout itself, on the
 * very directory the server serves: what the local folder adapter writes there the drive exports as the same mail, and
 * what the drive's import writes there the local folder adapter reads; mbox files in the drive, read a page at a time
 * with ranged GETs, give the messages (and ids) the local folder adapter gives.
 */
public class MailThroughDriveTest {
    private static final int LARGE_MESSAGE_BYTES = 6 * 1024 * 1024 + 123;

    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 2, false);
    private final LocalFolderMailImporter intoFolder = new LocalFolderMailImporter(folders);
    private final LocalFolderMailExporter fromFolder = new LocalFolderMailExporter(folders);
    private final WebDavMailImporter intoDrive = new WebDavMailImporter(Drives.connector(2));
    private final WebDavMailExporter fromDrive = new WebDavMailExporter(Drives.connector(2));

    @Test
    public void mailComesBackByteForByteWithItsFlags() throws Exception {
        TransferEndpoint a = local(temp.newFolder("a").toPath());
        seed(a);
        TransferEndpoint drive = Drives.newFolder(SERVER);
        Path c = temp.newFolder("c").toPath();

        Transfers.copy(fromFolder, a, intoDrive, drive);
        Transfers.copy(fromDrive, drive, intoFolder, local(c));

        assertEquals(List.of(), Transfers.differences(fromFolder, a, fromDrive, drive));
        assertEquals(List.of(), Transfers.differences(fromFolder, a, fromFolder, local(c)));
        assertTrue(Files.isDirectory(c.resolve("Archive").resolve("2023")));
    }

    @Test
    public void whatTheLocalAdapterWritesInTheServedDirectoryTheDriveExportsAsTheSameMail() throws Exception {
        String folder = "synced " + UUID.randomUUID();
        Path served = Files.createDirectory(SERVER.files().resolve(folder));
        seed(local(served));

        assertEquals(List.of(), Transfers.differences(fromFolder, local(served), fromDrive, Drives.endpoint(SERVER, folder)));
    }

    @Test
    public void whatTheDrivesImportWritesTheLocalAdapterReadsInTheServedDirectory() throws Exception {
        TransferEndpoint a = local(temp.newFolder("a").toPath());
        seed(a);
        TransferEndpoint drive = Drives.newFolder(SERVER);
        Transfers.copy(fromFolder, a, intoDrive, drive);
        Path served = SERVER.files().resolve(drive.settings().get(Drive.FOLDER));

        assertEquals(List.of(), Transfers.differences(fromDrive, drive, fromFolder, local(served)));
        assertEquals(List.of(), Transfers.differences(fromFolder, a, fromFolder, local(served)));
    }

    @Test
    public void anMboxInTheDriveIsExportedMessageByMessageWithItsExactBytes() throws Exception {
        MboxSample sample = MboxSample.of(5);
        String folder = "takeout " + UUID.randomUUID();
        Path mail = Files.createDirectories(SERVER.files().resolve(folder).resolve("Mail"));
        Files.write(mail.resolve("All mail.mbox"), sample.bytes());

        Map<String, byte[]> messages = MboxSample.messagesById(fromDrive, Drives.endpoint(SERVER, folder));

        assertEquals(sample.offsets().stream().map(o -> "Mail/All mail.mbox#" + o).sorted().toList(), List.copyOf(messages.keySet()));
        for (int i = 0; i < sample.offsets().size(); i++) {
            assertArrayEquals("message " + (i + 1), sample.messages().get(i), messages.get("Mail/All mail.mbox#" + sample.offsets().get(i)));
        }
    }

    @Test
    public void mboxFilesTheLocalAdapterWritesInTheServedDirectoryGiveTheSameMessagesUnderTheSameIds() throws Exception {
        String folder = "mbox " + UUID.randomUUID();
        Path served = Files.createDirectory(SERVER.files().resolve(folder));
        Files.write(served.resolve("Takeout.mbox"), MboxSample.of(5).bytes());
        seed(new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, served.toString(), LocalFolderSettings.MAIL_FORMAT, "mbox")));
        TransferEndpoint drive = Drives.endpoint(SERVER, folder);

        Map<String, byte[]> onDisk = MboxSample.messagesById(fromFolder, local(served));
        Map<String, byte[]> inDrive = MboxSample.messagesById(fromDrive, drive);
        assertEquals(onDisk.keySet(), inDrive.keySet());
        onDisk.forEach((id, bytes) -> assertArrayEquals(id, bytes, inDrive.get(id)));
        assertTrue(onDisk.keySet().toString(), onDisk.keySet().stream().anyMatch(id -> id.startsWith("Archive.sbd/2023.mbox#")));
        assertEquals(List.of(), Transfers.differences(fromFolder, local(served), fromDrive, drive));
    }

    @Test
    public void anMboxReplacedInTheDriveBetweenPagesFailsItsExportClearly() throws Exception {
        String folder = "changed " + UUID.randomUUID();
        Path mbox = Files.createDirectory(SERVER.files().resolve(folder)).resolve("Archive.mbox");
        Files.write(mbox, MboxSample.of(5).bytes());
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Drives.endpoint(SERVER, folder));
        ExportPage<MailFolder, MailMessage> first = fromDrive.export(context, new ExportCursor("Archive.mbox", null));
        Files.write(mbox, MboxSample.of(6).bytes());

        AdapterException failed = assertThrows(AdapterException.class,
                () -> fromDrive.export(context, new ExportCursor("Archive.mbox", first.continuation())));
        assertTrue(failed.getMessage(), failed.getMessage().contains("changed since its export began"));
        assertThrows(ItemRejectedException.class, () -> fromDrive.openMedia(context, first.items().get(0).raw()));
    }

    /** The kit's mail samples, with a sub-folder "2023" of "Archive" holding a large message, seen, flagged, labelled. */
    private void seed(TransferEndpoint endpoint) throws Exception {
        SampleData<MailFolder, MailMessage> samples = SampleData.of(Vertical.MAIL);
        Transfers.seed(intoFolder, endpoint, samples);
        byte[] large = largeMessage();
        TestImportContext context = new TestImportContext(UUID.randomUUID(), endpoint, ref -> new ByteArrayInputStream(large));
        String archive = intoFolder.importContainer(context, "container:folder-archive", samples.boxes().get(0).container(), null);
        String year = intoFolder.importContainer(context, "container:2023", new MailFolder("2023", "2023", "Archive/2023", "/", null, null), archive);
        intoFolder.importItem(context, "item:large", new MailMessage("large", new MediaRef("large", "message/rfc822", large.length),
                "<large@example.org>", "Scans", "ann@example.org", List.of("bob@example.org"), null,
                new MailFlags(true, false, true, false, false, List.of("$Forwarded")), List.of("Paperwork"),
                Instant.parse("2023-06-01T10:00:00Z"), large.length), year);
    }

    private static byte[] largeMessage() {
        byte[] headers = ("From: ann@example.org\r\nTo: bob@example.org\r\nSubject: Scans\r\nMessage-ID: <large@example.org>\r\n"
                + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=US-ASCII\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] message = Arrays.copyOf(headers, LARGE_MESSAGE_BYTES);
        for (int i = headers.length; i < message.length; i++) {
            message[i] = (byte) (i % 78 == 77 ? '\n' : 'a' + i % 26);
        }
        return message;
    }

    private static TransferEndpoint local(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }
}
