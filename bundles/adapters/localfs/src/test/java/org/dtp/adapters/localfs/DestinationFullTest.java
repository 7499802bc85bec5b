package org.dtp.adapters.localfs;

import org.dtp.adapters.localfs.media.Adapters;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.MediaRef;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.junit.Assume;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** A full disk or a used-up quota is the destination's state, not an item's error: the transfer pauses on it. */
public class DestinationFullTest {
    @Test
    public void noSpaceAndQuotaFailuresMeanTheDestinationIsFull() {
        assertTrue(IoFailures.ofItem("cannot write 'a.jpg'", new FileSystemException("/b/a.jpg", null, "No space left on device"))
                instanceof DestinationFullException);
        assertTrue(IoFailures.ofFolder("cannot create 'Trip'", new IOException("Disk quota exceeded"))
                instanceof DestinationFullException);
        assertTrue(IoFailures.ofItem("x", new IOException("Stale file handle")) instanceof TransientAdapterException);
        AdapterException denied = IoFailures.ofItem("x", new java.nio.file.AccessDeniedException("/b/a.jpg"));
        assertTrue(denied instanceof ItemRejectedException);
    }

    /** On a real file system that is full: a 256 KiB tmpfs (needs root; skipped where it cannot be mounted). */
    @Test
    public void aPhotoWrittenToAFullDiskIsDestinationFull() throws Exception {
        Path mount = Files.createTempDirectory("dtp-full-disk");
        Assume.assumeTrue("a tmpfs can be mounted here", run("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mount.toString()));
        try {
            byte[] photo = new byte[1024 * 1024];
            TestImportContext context = TestContexts.destination(mount.resolve("photos"), ref -> new ByteArrayInputStream(photo));
            MediaItem item = MediaItem.builder()
                    .id("src/big.jpg")
                    .kind(MediaKind.PHOTO)
                    .fileName("big.jpg")
                    .content(new MediaRef("test:big", "image/jpeg", photo.length))
                    .build();

            DestinationFullException full = assertThrows(DestinationFullException.class,
                    () -> Adapters.importer().importItem(context, "k1", item, null));

            assertTrue(full.getMessage(), full.getMessage().contains("No space left on device"));
            try (var left = Files.list(mount.resolve("photos"))) {
                assertTrue("no partial file is left behind", left.noneMatch(p -> p.getFileName().toString().endsWith(".part")));
            }
        } finally {
            run("umount", mount.toString());
            Files.deleteIfExists(mount);
        }
    }

    private static boolean run(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
