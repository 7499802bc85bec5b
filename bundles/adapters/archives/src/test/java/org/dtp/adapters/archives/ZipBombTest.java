package org.dtp.adapters.archives;

import org.dtp.adapters.archives.takeout.TakeoutPhotosExporter;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Entries that would inflate beyond what they claim, or far beyond their compressed size, are never served whole. */
public class ZipBombTest {
    private static final String YEAR = "Takeout/Google Photos/Photos from 2019/";
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static TakeoutPhotosExporter exporter() {
        return new TakeoutPhotosExporter(new ArchiveSettings(List.of(), List.of(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath()), 10, 1000, 1L << 40, 100));
    }

    private static TransferEndpoint endpoint(Path zip) {
        return new TransferEndpoint(TakeoutPhotosExporter.PROVIDER, Map.of(ArchiveSettings.PATH, zip.toString()));
    }

    /** A zip of deflated zeros: 16 MiB of "photo" in some 16 KiB. */
    private Path zerosZip(String name, int size) throws IOException {
        Path zip = temp.getRoot().toPath().resolve("takeout-20250101T000000Z-001.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry(YEAR + "IMG_0001.jpg"));
            out.write(new byte[]{1, 2, 3});
            out.closeEntry();
            out.putNextEntry(new ZipEntry(YEAR + name));
            out.write(new byte[size]);
            out.closeEntry();
        }
        return zip;
    }

    @Test
    public void anEntryInflatingFarBeyondItsCompressedSizeIsRejected() throws Exception {
        Path zip = zerosZip("IMG_0002.jpg", 16 * 1024 * 1024);
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(exporter(), new TestTransferContext(UUID.randomUUID(), endpoint(zip)));

        assertEquals(List.of("IMG_0001.jpg"), walk.allItems().stream().map(MediaItem::fileName).toList());
        assertEquals(1, walk.rejected().size());
        assertTrue(walk.rejected().get(0).reason(), walk.rejected().get(0).reason().contains("maxCompressionRatio"));
    }

    @Test
    public void anEntryHoldingMoreThanItsDirectoryDeclaresFailsWhenRead() throws Exception {
        Path zip = zerosZip("IMG_0002.jpg", 100_000);
        declareSize(zip, YEAR + "IMG_0002.jpg", 1_000);
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), endpoint(zip));
        MediaItem forged = ExportWalk.of(exporter(), context).allItems().stream()
                .filter(i -> i.fileName().equals("IMG_0002.jpg")).findFirst().orElseThrow();
        assertEquals(1_000, forged.content().size());

        try (InputStream in = exporter().openMedia(context, new MediaRef(forged.content().uri(), "image/jpeg", 1_000))) {
            IOException e = assertThrows(IOException.class, in::readAllBytes);
            assertTrue(e.getMessage(), e.getMessage().contains("more than its declared 1000 bytes"));
        }
    }

    /** Rewrites the uncompressed size of {@code name} in the zip's central directory, as a forged archive would. */
    private static void declareSize(Path zip, String name, int size) throws IOException {
        byte[] bytes = Files.readAllBytes(zip);
        byte[] entryName = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i + 46 + entryName.length <= bytes.length; i++) {
            if (bytes[i] == 'P' && bytes[i + 1] == 'K' && bytes[i + 2] == 1 && bytes[i + 3] == 2
                    && java.util.Arrays.equals(bytes, i + 46, i + 46 + entryName.length, entryName, 0, entryName.length)) {
                java.nio.ByteBuffer.wrap(bytes, i + 24, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(size);
                Files.write(zip, bytes);
                return;
            }
        }
        throw new AssertionError(name + " is not in the central directory");
    }
}
