package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.testing.Samples;
import org.dtp.formats.vcard.ContactDifferences;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemNotUpdatableException;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Address books as directories of .vcf files and as the one-file exports of phones, read, written and read back. */
public class LocalFolderContactTest {
    private static final List<String> SAMPLES = List.of("John_Doe_EVOLUTION.vcf", "John_Doe_IPHONE.vcf", "John_Doe_MS_OUTLOOK.vcf",
            "rfc6350-example.vcf");

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** A phone's export (all samples in one file) and a directory of one .vcf per contact. */
    private Path sourceFolder() throws Exception {
        Path root = temp.newFolder("source").toPath();
        StringBuilder all = new StringBuilder();
        for (String sample : SAMPLES) {
            all.append(Samples.vcard(sample)).append("\r\n");
        }
        Files.writeString(root.resolve("phone.vcf"), all);
        Path friends = Files.createDirectory(root.resolve("Friends"));
        Files.writeString(friends.resolve("doe.vcf"), Samples.vcard("John_Doe_IPHONE.vcf"));
        Files.writeString(friends.resolve("rfc.vcf"), Samples.vcard("rfc6350-example.vcf"));
        return root;
    }

    private static LocalFolderSettings settings(int pageSize) {
        return new LocalFolderSettings(List.of(), pageSize, false);
    }

    @Test
    public void aPhonesOneFileExportAndADirectoryAreAddressBooksOfEveryVCardInThem() throws Exception {
        Path root = sourceFolder();
        var export = Transfers.exportAll(new LocalFolderContactExporter(settings(100)), TestContexts.source(root));
        assertEquals(List.of(new AddressBook("Friends", "Friends", null), new AddressBook("phone.vcf", "phone", null)), export.containers());
        assertEquals(List.of(), export.rejected());
        assertEquals(List.of("Friends/doe.vcf", "Friends/rfc.vcf", "phone.vcf#0", "phone.vcf#1", "phone.vcf#2", "phone.vcf#3"),
                export.items().stream().map(Contact::id).toList());
        for (int i = 0; i < SAMPLES.size(); i++) {
            Contact alone = VCardFormat.read("phone.vcf#" + i, Samples.vcard(SAMPLES.get(i)), LocalFolderContactExporter.PHOTO_REF + "phone.vcf#" + i);
            assertEquals(SAMPLES.get(i), alone, export.items().get(2 + i));
        }
    }

    @Test
    public void smallPagesGiveEveryContactOnceAcrossFilesAndWithinOne() throws Exception {
        Path root = sourceFolder();
        var whole = Transfers.exportAll(new LocalFolderContactExporter(settings(100)), TestContexts.source(root));
        var paged = Transfers.exportAll(new LocalFolderContactExporter(settings(1)), TestContexts.source(root));
        assertEquals(whole.items(), paged.items());
        assertEquals(1 + 2 + 4, paged.pages()); // the root, one contact per page
        var pairs = Transfers.exportAll(new LocalFolderContactExporter(settings(3)), TestContexts.source(root));
        assertEquals(whole.items(), pairs.items());
    }

    @Test
    public void folderToFolderKeepsEveryFieldAndThePhotoBytesAndAReImportDuplicatesNothing() throws Exception {
        Path source = sourceFolder();
        Path destination = temp.newFolder("destination").toPath();
        LocalFolderContactExporter exporter = new LocalFolderContactExporter(settings(2));
        for (int round = 0; round < 2; round++) {
            TestImportContext ctx = TestContexts.destination(destination, ref -> exporter.openMedia(TestContexts.source(source), ref));
            Transfers.copy(exporter, TestContexts.source(source), new LocalFolderContactImporter(settings(2)), ctx);
            assertEquals(List.of(), ctx.notKept());
        }
        var before = Transfers.exportAll(exporter, TestContexts.source(source));
        var after = Transfers.exportAll(new LocalFolderContactExporter(settings(100)), TestContexts.source(destination));
        assertEquals(List.of("Friends", "phone"), after.containers().stream().map(AddressBook::name).toList());
        assertEquals(before.items().size(), after.items().size());
        try (Stream<Path> files = Files.walk(destination)) {
            assertEquals(before.items().size(), files.filter(f -> f.toString().endsWith(".vcf")).count());
        }
        int photos = 0;
        for (Contact want : before.items()) {
            Contact got = after.items().stream().filter(c -> c.formattedName().equals(want.formattedName())
                    && ContactDifferences.between(want, c, true).isEmpty()).findFirst().orElseThrow(() ->
                    new AssertionError("no contact in the destination has every field of " + want.id()));
            if (want.photo() != null) {
                photos++;
                try (InputStream a = exporter.openMedia(TestContexts.source(source), want.photo());
                     InputStream b = exporter.openMedia(TestContexts.source(destination), got.photo())) {
                    assertArrayEquals(a.readAllBytes(), b.readAllBytes());
                }
            }
        }
        assertTrue("the samples have photos", photos >= 2);
        String written = Files.readString(Files.list(destination.resolve("Friends")).filter(f -> f.toString().endsWith(".vcf")).findFirst().orElseThrow());
        assertTrue(written, written.contains("VERSION:4.0"));
    }

    @Test
    public void aMalformedVCardIsRejectedWithWhyAndTheRestOfItsFileAndFolderExports() throws Exception {
        Path root = temp.newFolder("broken").toPath();
        Files.writeString(root.resolve("export.vcf"), "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Good One\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:5.0\r\nFN:Future\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Good Two\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Cut sh");
        Path dir = Files.createDirectory(root.resolve("Book"));
        Files.write(dir.resolve("latin1.vcf"), "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jos\u00e9\r\nEND:VCARD\r\n".getBytes(StandardCharsets.ISO_8859_1));
        Files.writeString(dir.resolve("empty.vcf"), "");
        Files.writeString(dir.resolve("ok.vcf"), "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Fine\r\nEND:VCARD\r\n");
        var export = Transfers.exportAll(new LocalFolderContactExporter(settings(100)), TestContexts.source(root));
        assertEquals(List.of("Fine", "Good One", "Good Two"), export.items().stream().map(Contact::formattedName).toList());
        assertEquals(List.of("Book/empty.vcf", "Book/latin1.vcf", "export.vcf#1", "export.vcf#3"),
                export.rejected().stream().map(ExportPage.Rejected::sourceId).toList());
        assertTrue(export.rejected().get(1).reason(), export.rejected().get(1).reason().contains("UTF-8"));
        assertTrue(export.rejected().get(2).reason(), export.rejected().get(2).reason().contains("5.0"));
        assertTrue(export.rejected().get(3).reason(), export.rejected().get(3).reason().contains("cut short"));
    }

    @Test
    public void aContactWithoutAnAddressBookGoesToOneCalledContactsAndWhatVCardCannotSayIsReported() throws Exception {
        Path root = temp.newFolder("loose").toPath();
        Contact odd = VCardFormat.read("src-1", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Odd\r\nEND:VCARD\r\n", "p:x");
        Contact withPhotoTooBig = Contact.builder()
                .id("src-2")
                .formattedName("Big")
                .photo(new org.dtp.models.MediaRef("big", "image/jpeg", -1))
                .build();
        TestImportContext ctx = TestContexts.destination(root, ref -> new java.io.ByteArrayInputStream(
                new byte[LocalFolderContactImporter.MAX_PHOTO_BYTES + 1]));
        LocalFolderContactImporter importer = new LocalFolderContactImporter(settings(10));
        String a = importer.importItem(ctx, "k1", odd, null);
        String b = importer.importItem(ctx, "k2", withPhotoTooBig, null);
        assertEquals(a, importer.importItem(ctx, "k1", odd, null));
        assertTrue(a, a.startsWith("Contacts/") && b.startsWith("Contacts/"));
        assertEquals(List.of(new TestImportContext.NotKept("src-2", "photo", "larger than the " + LocalFolderContactImporter.MAX_PHOTO_BYTES
                + " bytes this adapter puts inline in a vCard")),
                ctx.notKept());
    }

    @Test
    public void aChangedContactIsRewrittenInPlaceAndAGoneOneIsNotUpdatable() throws Exception {
        Path folder = temp.newFolder("destination").toPath();
        LocalFolderContactImporter importer = new LocalFolderContactImporter(settings(10));
        TestImportContext ctx = TestContexts.destination(folder, ref -> {
            throw new IllegalStateException("no media");
        });
        Contact ann = VCardFormat.read("ann", Samples.vcard("rfc6350-example.vcf"), null);
        String book = importer.importContainer(ctx, "c:book", new AddressBook("book", "Book", null), null);
        String id = importer.importItem(ctx, "i:ann", ann, book);
        Path file;
        try (Stream<Path> files = Files.walk(folder)) {
            file = files.filter(p -> p.toString().endsWith(".vcf")).findFirst().orElseThrow();
        }
        String before = Files.readString(file, StandardCharsets.UTF_8);

        Contact changed = VCardFormat.read("ann", Samples.vcard("rfc6350-example.vcf").replace("FN:", "FN:Changed "), null);
        assertEquals(id, importer.updateItem(ctx, "i:ann", changed, book, id));
        String after = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(after, after.contains("FN:Changed "));
        assertEquals("the same UID: the same contact, updated", uid(before), uid(after));
        try (Stream<Path> files = Files.walk(folder)) {
            assertEquals("no second file", 1, files.filter(p -> p.toString().endsWith(".vcf")).count());
        }

        Files.delete(file);
        assertThrows(ItemNotUpdatableException.class, () -> importer.updateItem(ctx, "i:ann", changed, book, id));
    }

    private static String uid(String vcard) {
        return vcard.lines().filter(line -> line.startsWith("UID:")).findFirst().orElseThrow();
    }
}
