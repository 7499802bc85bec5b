package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.spi.DestinationItem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/** Contacts the localfs importer wrote, read back after the transfer to check its receipt against the folder. */
public class LocalFolderContactReadBackTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void aContactIsFoundAsItsVCardFileWithNothingToCompareUntilItIsDeleted() throws Exception {
        Path root = temp.getRoot().toPath().resolve("backup");
        LocalFolderContactImporter importer = new LocalFolderContactImporter(new LocalFolderSettings(List.of(), 10, false));
        String id = importer.importItem(TestContexts.destination(root, ref -> new ByteArrayInputStream(new byte[0])), "k1",
                VCardFormat.read("src-1", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nEND:VCARD\r\n", "p:x"), null);
        DestinationItem found = importer.find(TestContexts.source(root), id).orElseThrow();
        assertEquals(id, found.destinationId());
        assertNull(found.mediaSha256());
        Files.delete(root.resolve(id));
        assertEquals(Optional.empty(), importer.find(TestContexts.source(root), id));
    }
}
