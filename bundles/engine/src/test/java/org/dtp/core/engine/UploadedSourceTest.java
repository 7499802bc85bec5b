package org.dtp.core.engine;

import org.dtp.core.testing.TestEngine;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.uploads.Upload;
import org.dtp.transfer.uploads.UploadService;
import org.junit.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** A transfer's source reaches the files its owner uploaded, and no one else's. */
public class UploadedSourceTest {
    /** One upload of ann's, kept in a temporary file. */
    private static final class AnnsUpload implements UploadService {
        final Path file;

        AnnsUpload(Path file) {
            this.file = file;
        }

        @Override
        public Upload store(String owner, String name, InputStream bytes, long declaredLength) {
            throw new UnsupportedOperationException("the test uploads nothing");
        }

        @Override
        public List<Upload> list(String owner) {
            return List.of();
        }

        @Override
        public Optional<Upload> find(String owner, String id) {
            return Optional.empty();
        }

        @Override
        public boolean delete(String owner, String id) {
            return false;
        }

        @Override
        public Optional<Path> file(String owner, String id) {
            return "ann".equals(owner) && "u1".equals(id) ? Optional.of(file) : Optional.empty();
        }
    }

    /** Reads the upload its {@code upload} setting names, and fails when there is none. */
    private final List<String> read = new ArrayList<>();

    private final Exporter<PhotoAlbum, MediaItem> uploadReader = new Exporter<>() {
        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
            Path file = context.upload(context.endpoint().settings().get("upload"))
                    .orElseThrow(() -> new InvalidEndpointException("no upload of yours is named " + context.endpoint().settings().get("upload")));
            try {
                read.add(Files.readString(file));
            } catch (java.io.IOException e) {
                throw new AdapterException(e.getMessage(), e);
            }
            return new ExportPage<>(List.of(), List.of(), null);
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            throw new UnsupportedOperationException();
        }
    };

    private final Importer<PhotoAlbum, MediaItem> nothing = new Importer<>() {
        @Override
        public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum container, String parentId) {
            return container.id();
        }

        @Override
        public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId) {
            return item.id();
        }
    };

    @Test
    public void theOwnersUploadIsReadAndAnotherOwnersIsUnknown() throws Exception {
        Path file = Files.createTempFile("upload", ".zip");
        try (TestEngine engine = new TestEngine()) {
            Files.writeString(file, "ann's archive");
            engine.exporter("archive", Vertical.MEDIA, uploadReader).importer("sink", Vertical.MEDIA, nothing)
                    .uploads(new AnnsUpload(file));
            TransferEndpoint source = new TransferEndpoint("archive", Map.of("upload", "u1"));
            TransferEndpoint sink = new TransferEndpoint("sink", Map.of());

            TransferJob anns = engine.run(new TransferRequest(Vertical.MEDIA, source, sink, "ann"));
            assertEquals(anns.stateReason(), JobState.COMPLETED, anns.state());
            assertEquals(List.of("ann's archive"), read);

            TransferJob bobs = engine.run(new TransferRequest(Vertical.MEDIA, source, sink, "bob"));
            assertEquals(JobState.FAILED, bobs.state());
            assertTrue(bobs.stateReason(), bobs.stateReason().contains("no upload of yours is named u1"));
            assertEquals("bob's transfer read nothing", 1, read.size());
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
