package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.core.testing.TestEngine;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.dtp.adapters.archives.takeout.Takeout.PART_1;
import static org.dtp.adapters.archives.takeout.Takeout.PART_2;
import static org.dtp.adapters.archives.takeout.Takeout.PHOTOS;
import static org.dtp.adapters.archives.takeout.Takeout.media;
import static org.dtp.adapters.archives.takeout.Takeout.sidecar;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A two-part Takeout export into a local folder through the real engine (job store, checkpoints, ledger): every
 * photo arrives once with its bytes, the unsafe entry is an item error, and what the media model cannot carry is in
 * the fidelity report on the source side.
 */
public class TakeoutToFolderTransferTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void aTwoPartExportArrivesWholeInAFolder() throws Exception {
        Path parts = temp.newFolder("takeout").toPath();
        Path destination = temp.getRoot().toPath().resolve("photos");
        new TestArchive()
                .add(PHOTOS + "Family/metadata.json", Takeout.album("Family", "At home"))
                .add(PHOTOS + "Family/IMG_0001.jpg", media(1, 2000))
                .add(PHOTOS + "Family/IMG_0001.jpg.json", sidecar("IMG_0001.jpg", "Anna", null, null, List.of("Anna"), true))
                .add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 2000))
                .add(PHOTOS + "Photos from 2019/IMG_0002.jpg", media(2, 2000))
                .writeZip(parts.resolve(PART_1));
        new TestArchive()
                .add(PHOTOS + "Photos from 2019/IMG_0003.jpg", media(3, 2000))
                .add(PHOTOS + "Photos from 2019/../../escape.jpg", media(4, 10))
                .writeZip(parts.resolve(PART_2));
        try (TestEngine engine = new TestEngine()
                .exporter(TakeoutPhotosExporter.PROVIDER, Vertical.MEDIA, Takeout.exporter(1))
                .importer("localfs", Vertical.MEDIA, new LocalFolderMediaImporter(new LocalFolderSettings(List.of(), 100, false)))) {
            TransferJob done = engine.run(Vertical.MEDIA, Takeout.endpoint(parts),
                    new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, destination.toString())));
            TransferDetails details = engine.details(done.id());

            assertEquals("the unsafe entry is the one error: " + done.stateReason(), JobState.COMPLETED_WITH_ERRORS, done.state());
            assertEquals(1, details.errors().size());
            assertArrayEquals(media(1, 2000), Files.readAllBytes(destination.resolve("Family/IMG_0001.jpg")));
            assertArrayEquals(media(2, 2000), Files.readAllBytes(destination.resolve("IMG_0002.jpg")));
            assertArrayEquals(media(3, 2000), Files.readAllBytes(destination.resolve("IMG_0003.jpg")));
            assertTrue("the year folder's copy is not a second item", Files.notExists(destination.resolve("IMG_0001.jpg")));
            assertTrue(details.errors().toString(), details.errors().stream().anyMatch(e -> e.itemId().contains("escape.jpg")));
            assertEquals(Set.of("people", "favorite"), details.fidelity().entries().stream()
                    .filter(f -> f.side() == FieldNotKept.Side.SOURCE).map(FieldNotKept::field).collect(Collectors.toSet()));
        }
    }

    /**
     * The node goes down in the middle of the archive's second part (the engine stops at its next item, as at a
     * shutdown; the checkpoint and ledger are what a kill -9 leaves) and a restarted node, with no catalog in memory,
     * resumes: every photo arrives once, none is imported twice.
     */
    @Test
    public void aTransferStoppedMidArchiveResumesOnARestartedNodeWithEveryPhotoOnce() throws Exception {
        Path parts = temp.newFolder("takeout").toPath();
        Path destination = temp.getRoot().toPath().resolve("photos");
        TestArchive first = new TestArchive();
        TestArchive second = new TestArchive();
        for (int i = 0; i < 12; i++) {
            (i < 5 ? first : second).add(PHOTOS + "Photos from 2020/IMG_" + (2000 + i) + ".jpg", media(i, 500 + i));
        }
        first.writeZip(parts.resolve(PART_1));
        second.writeZip(parts.resolve(PART_2));
        Map<String, AtomicInteger> imports = new ConcurrentHashMap<>();
        try (TestEngine engine = new TestEngine()) {
            LocalFolderMediaImporter folder = new LocalFolderMediaImporter(new LocalFolderSettings(List.of(), 100, false));
            engine.exporter(TakeoutPhotosExporter.PROVIDER, Vertical.MEDIA, Takeout.exporter(3))
                    .importer("localfs", Vertical.MEDIA, new Importer<PhotoAlbum, MediaItem>() {
                        @Override
                        public String importContainer(ImportContext context, String key, PhotoAlbum album, String parentId)
                                throws AdapterException {
                            return folder.importContainer(context, key, album, parentId);
                        }

                        @Override
                        public String importItem(ImportContext context, String key, MediaItem item, String containerId)
                                throws AdapterException {
                            String id = folder.importItem(context, key, item, containerId);
                            if (imports.computeIfAbsent(item.id(), k -> new AtomicInteger()).incrementAndGet() == 1 && imports.size() == 7) {
                                engine.requestStop(context.jobId());
                            }
                            return id;
                        }
                    });
            TransferJob job = engine.start(Vertical.MEDIA, Takeout.endpoint(parts),
                    new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, destination.toString())));
            TransferJob stopped = engine.execute(job.id());
            assertEquals(JobState.RUNNING, stopped.state());
            assertEquals(7, imports.size());

            engine.restartNode();
            TransferJob done = engine.execute(job.id());

            assertEquals(done.stateReason(), JobState.COMPLETED, done.state());
            assertEquals(12, done.items());
            assertEquals(12, imports.size());
            imports.forEach((id, count) -> assertEquals(id + " imported once", 1, count.get()));
            for (int i = 0; i < 12; i++) {
                assertArrayEquals(media(i, 500 + i), Files.readAllBytes(destination.resolve("IMG_" + (2000 + i) + ".jpg")));
            }
        }
    }
}
