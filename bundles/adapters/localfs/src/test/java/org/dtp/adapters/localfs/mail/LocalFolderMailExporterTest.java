package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Reading a mail folder tree a person or another program made: layout, headers, paging, refusals. */
public class LocalFolderMailExporterTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private Path tree() throws Exception {
        Path root = temp.getRoot().toPath();
        Files.createDirectories(root.resolve("INBOX/Lists"));
        Files.write(root.resolve("INBOX/a.eml"), MailSamples.bytes(MailSamples.EIGHT_BIT));
        Files.write(root.resolve("INBOX/b.EML"), MailSamples.bytes(MailSamples.OUTLOOK));
        Files.write(root.resolve("INBOX/c.eml"), MailSamples.bytes(MailSamples.NO_BODY_SEPARATOR));
        Files.write(root.resolve("INBOX/notes.txt"), new byte[]{1, 2, 3});
        Files.write(root.resolve("INBOX/Lists/digest.eml"), MailSamples.bytes(MailSamples.DIGEST));
        Files.write(root.resolve("Archive.mbox"), MailSamples.bytes(MailSamples.MBOX));
        Files.createDirectories(root.resolve("Archive.sbd"));
        Files.write(root.resolve("Archive.sbd/2023.mbox"), MailSamples.bytes(MailSamples.MBOX));
        return root;
    }

    @Test
    public void directoriesAndMboxFilesAreFoldersWithTheirMessages() throws Exception {
        Path root = tree();

        Transfers.Export<MailFolder, MailMessage> export = MailSamples.exportAll(root, LocalFolderSettings.defaults());

        assertEquals(List.of("Archive.mbox", "INBOX", "Archive.sbd/2023.mbox", "INBOX/Lists"),
                export.containers().stream().map(MailFolder::id).toList());
        assertEquals(List.of("Archive", "INBOX", "Archive/2023", "INBOX/Lists"),
                export.containers().stream().map(MailFolder::fullPath).toList());
        assertEquals(SpecialUse.INBOX, export.containers().get(1).specialUse());
        assertNull(export.containers().get(0).specialUse());
        assertEquals(4 + 3 + 4 + 1, export.items().size());
    }

    @Test
    public void headersAreReadForTheModelWithTheirCharsets() throws Exception {
        Path root = tree();
        List<MailMessage> inbox = new LocalFolderMailExporter(LocalFolderSettings.defaults())
                .export(MailSamples.source(root), new ExportCursor("INBOX", null)).items();

        MailMessage eightBit = inbox.get(0);
        assertEquals("INBOX/a.eml", eightBit.id());
        assertEquals("Привет and Grüße", eightBit.subject());
        assertEquals("Jörg Müller <joerg@example.org>", eightBit.from());
        assertEquals(OffsetDateTime.parse("2024-12-03T09:15+01:00"), eightBit.date());
        assertEquals(MailSamples.bytes(MailSamples.EIGHT_BIT).length, eightBit.size());
        assertEquals(new MediaRef("INBOX/a.eml", "message/rfc822", eightBit.size()), eightBit.raw());
        MailMessage fromLines = MailSamples.exportAll(root, LocalFolderSettings.defaults()).items().stream()
                .filter(m -> "From lines in the body".equals(m.subject())).findFirst().orElseThrow();
        assertEquals(List.of("Bob <bob@example.net>", "carol@example.com"), fromLines.to());
        assertEquals("<from-lines@example.org>", fromLines.messageId());
    }

    @Test
    public void pagesRunToTheEndAndContinueAfterARestart() throws Exception {
        Path root = tree();
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 2);
        for (String folder : List.of("INBOX", "Archive.mbox")) {
            List<String> all = new ArrayList<>();
            String continuation = null;
            int pages = 0;
            do {
                // a new exporter for every page, as after a restart: only the cursor carries over
                ExportPage<MailFolder, MailMessage> page = new LocalFolderMailExporter(settings)
                        .export(MailSamples.source(root), new ExportCursor(folder, continuation));
                page.items().forEach(m -> all.add(m.id()));
                assertTrue(page.items().size() <= 2);
                continuation = page.continuation();
                pages++;
            } while (continuation != null);
            assertEquals(folder, 2, pages);
            assertEquals(folder, all.size(), all.stream().distinct().count());
            assertEquals(folder, folder.equals("INBOX") ? 3 : 4, all.size());
        }
    }

    @Test
    public void openMediaStaysInsideTheFolderAndItsMessages() throws Exception {
        Path root = tree();
        LocalFolderMailExporter exporter = new LocalFolderMailExporter(LocalFolderSettings.defaults());
        Files.write(root.resolve("INBOX/Re #1.eml"), MailSamples.bytes(MailSamples.OUTLOOK)); // '#' is no mbox offset here
        try (var in = exporter.openMedia(MailSamples.source(root), new MediaRef("INBOX/Re #1.eml", "message/rfc822", -1))) {
            assertEquals(MailSamples.bytes(MailSamples.OUTLOOK).length, in.readAllBytes().length);
        }
        for (String uri : List.of("../outside.eml", "INBOX/notes.txt", "Archive.mbox#1,10", "Archive.mbox#x", "/etc/passwd")) {
            assertThrows(uri, ItemRejectedException.class,
                    () -> exporter.openMedia(MailSamples.source(root), new MediaRef(uri, "message/rfc822", -1)).close());
        }
    }
}
