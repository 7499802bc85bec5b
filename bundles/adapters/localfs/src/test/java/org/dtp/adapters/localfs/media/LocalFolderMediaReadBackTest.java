package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Samples;
import org.dtp.adapters.localfs.TestContexts;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.media.MediaItem;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Photos and videos the localfs importer wrote, read back after the transfer to check its receipt against the folder. */
public class LocalFolderMediaReadBackTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings settings = new LocalFolderSettings(List.of(), 10, false);
    private Path root;
    private TestImportContext context;
    private TransferContext afterwards;

    @Before
    public void setUp() throws Exception {
        root = temp.getRoot().toPath().resolve("backup");
        context = TestContexts.destination(root, ref -> new ByteArrayInputStream(Samples.bytes(ref.uri().substring("test:".length()))));
        afterwards = TestContexts.source(root);
    }

    private static MediaItem photo(String fileName, String sample) {
        return Samples.item("src/" + fileName, fileName, sample, null, null, Instant.parse("2011-05-06T07:59:48Z"));
    }

    @Test
    public void aPhotoIsFoundWithTheSha256OfItsBytesUntilItIsChangedOrDeleted() throws Exception {
        LocalFolderMediaImporter importer = new LocalFolderMediaImporter(settings);
        String kept = importer.importItem(context, "k1", photo("duomo.jpg", Samples.HTC), null);
        String changed = importer.importItem(context, "k2", photo("ixus.jpg", Samples.CANON), null);
        String deleted = importer.importItem(context, "k3", photo("pen.jpg", Samples.OLYMPUS), null);

        Files.write(root.resolve(changed), new byte[] {1, 2, 3}); // a person edited the copy
        Files.delete(root.resolve(deleted));

        assertEquals(Optional.of(new DestinationItem(kept, Samples.sha256(Samples.bytes(Samples.HTC)))), importer.find(afterwards, kept));
        assertEquals(Samples.sha256(new byte[] {1, 2, 3}), importer.find(afterwards, changed).orElseThrow().mediaSha256());
        assertEquals(Optional.empty(), importer.find(afterwards, deleted));
    }

    @Test
    public void anIdThatLeadsOutOfTheFolderIsRefusedAndAMissingFolderIsNotCreated() throws Exception {
        LocalFolderMediaImporter importer = new LocalFolderMediaImporter(settings);
        Files.writeString(temp.getRoot().toPath().resolve("outside.jpg"), "not yours");
        assertThrows(ItemRejectedException.class, () -> importer.find(afterwards, "../outside.jpg"));
        assertEquals(Optional.empty(), importer.find(afterwards, "duomo.jpg"));
        assertTrue("reading back creates nothing", Files.notExists(root));
    }
}
