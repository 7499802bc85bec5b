package org.dtp.adapters.localfs;

import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** One entry file that cannot be read costs that file, named, never the page of its collection. */
public class CollectionFilesTest {
    @Rule
    public final TemporaryFolder folder = new TemporaryFolder();

    private static String card(String name) {
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:" + name + "\r\nFN:" + name + "\r\nEND:VCARD\r\n";
    }

    @Test
    public void aFileThatCannotBeReadIsRejectedByItsName() {
        Path gone = folder.getRoot().toPath().resolve("Book").resolve("gone.vcf");

        ItemRejectedException e = assertThrows(ItemRejectedException.class,
                () -> CollectionFiles.pieces(gone, CollectionFiles.ADDRESS_BOOKS));

        assertTrue(e.getMessage(), e.getMessage().startsWith("'gone.vcf' cannot be read: NoSuchFileException"));
    }

    @Test
    public void aReaderFailingUnexpectedlyCostsOnlyThatEntry() throws Exception {
        Path root = folder.getRoot().toPath();
        Path book = Files.createDirectories(root.resolve("Book"));
        for (String name : List.of("a", "b", "c")) {
            Files.writeString(book.resolve(name + ".vcf"), card(name));
        }

        ExportPage<AddressBook, Contact> page = CollectionFiles.itemPage(TestContexts.source(root),
                new LocalFolderSettings(List.of(), 10, false), root, "Book", CollectionFiles.ADDRESS_BOOKS, null, e -> {
            if (e.id().endsWith("b.vcf")) {
                throw new IllegalStateException("a bug of the reader");
            }
            return List.of(VCardFormat.read(e.id(), e.text(), null));
        });

        assertEquals(List.of("a", "c"), page.items().stream().map(Contact::formattedName).toList());
        assertEquals(List.of(new ExportPage.Rejected("Book/b.vcf", "could not be read (java.lang.IllegalStateException: a bug of the reader)")),
                page.rejected());
    }
}
