package org.dtp.formats.folder;

import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.ExportPage;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;

/** The storage-independent part of the folder layout's collections, on a tree held in memory. */
public class CollectionTreeTest {
    private static String vcard(String name) {
        return "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:" + name + "\r\nFN:" + name + "\r\nEND:VCARD\r\n";
    }

    @Test
    public void aNameTakenBySomethingElseGetsTheNextNumberAndARepeatedClaimFindsItsOwn() throws Exception {
        MemoryTree tree = new MemoryTree();
        tree.write("Friends/someone.vcf", vcard("someone")); // the person's own folder
        tree.write("Friends (2)", "a file");
        CollectionTree books = new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS);

        assertEquals("Friends (3)", books.claim("key-1", "b1", "Friends", null, null, null));
        assertEquals("Friends (3)", books.claim("key-1", "b1", "Friends", null, null, null));
        assertEquals("Friends (4)", books.claim("key-2", "b2", "Friends", null, null, null));
        assertEquals("Fr_ends", books.claim("key-3", "b3", "Fr/ends", null, null, null));
    }

    @Test
    public void collectionsAreFoldersAndRootFilesWithTheirSidecarNamesButNotOtherKinds() throws Exception {
        MemoryTree tree = new MemoryTree();
        CollectionTree books = new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS);
        String made = books.claim("key-1", "b1", "Work: 2026", "colleagues", null, null);
        new CollectionTree(tree, CollectionKind.CALENDARS).claim("key-2", "c1", "Holidays", null, null, null);
        tree.write("Phone.vcf", vcard("a") + vcard("b"));
        tree.write(".hidden/x.vcf", vcard("x"));

        List<CollectionTree.Found> found = books.collections();

        assertEquals(List.of("Phone.vcf", made), found.stream().map(CollectionTree.Found::id).toList());
        assertEquals(List.of("Phone", "Work: 2026"), found.stream().map(CollectionTree.Found::name).toList());
    }

    @Test
    public void pagesGoThroughFilesThenTheirEntriesAndResumeInsideAFile() throws Exception {
        MemoryTree tree = new MemoryTree();
        tree.write("Book/a.vcf", vcard("a1") + vcard("a2") + vcard("a3"));
        tree.write("Book/b.vcf", vcard("b"));
        tree.files.put("Book/c.vcf", new byte[]{(byte) 0xff, (byte) 0xfe}); // no UTF-8
        tree.write("Book/notes.txt", "not an entry file");
        CollectionTree books = new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS);
        List<String> ids = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        String continuation = null;
        int pages = 0;
        do {
            ExportPage<AddressBook, Contact> page = books.itemPage("Book", continuation, 2,
                    e -> List.of(Contact.builder().id(e.id()).formattedName(e.text()).build()));
            page.items().forEach(c -> ids.add(c.id()));
            page.rejected().forEach(r -> rejected.add(r.sourceId()));
            continuation = page.continuation();
            pages++;
        } while (continuation != null);

        assertEquals(List.of("Book/a.vcf#0", "Book/a.vcf#1", "Book/a.vcf#2", "Book/b.vcf"), ids);
        assertEquals(List.of("Book/c.vcf"), rejected);
        assertEquals(3, pages);
        assertEquals(vcard("a2"), books.entry("Book/a.vcf#1"));
        assertEquals(vcard("b"), books.entry("Book/b.vcf"));
    }
}
