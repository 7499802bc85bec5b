package org.dtp.adapters.archives.social;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Runs an archive exporter as the engine does, page after page of every container, for the tests of each kind. */
public final class Exports {
    /** Where JUnit's temporary folders are made. */
    public static final Path TEMP = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();

    private Exports() {
    }

    /** Settings whose end users may name paths in the temporary folder, where the tests write their archives. */
    public static ArchiveSettings settings(int pageSize) {
        return new ArchiveSettings(List.of(), List.of(TEMP), pageSize, 100_000, 1L << 40, 100);
    }

    public static TransferEndpoint endpoint(String provider, Path path) {
        return new TransferEndpoint(provider, Map.of(ArchiveSettings.PATH, path.toString()));
    }

    /** All an export gave: containers, items by container id ("" for the root), items refused, fields not kept. */
    public record Result<C, I>(List<C> containers, Map<String, List<I>> items, List<ExportPage.Rejected> rejected,
                               List<TestImportContext.NotKept> notKept, int pages) {
        public List<I> itemsOf(String containerId) {
            return items.getOrDefault(containerId, List.of());
        }
    }

    /**
     * Exports everything; with {@code restartEachPage} every page after the first is asked of a new context (an
     * empty scratch, as after a restart), the cursor being all that is kept.
     */
    public static <C extends ContainerModel, I extends ItemModel> Result<C, I> exportAll(
            Exporter<C, I> exporter, TransferEndpoint endpoint, boolean restartEachPage) throws Exception {
        UUID job = UUID.randomUUID();
        TestTransferContext context = new TestTransferContext(job, endpoint);
        List<TestImportContext.NotKept> notKept = new ArrayList<>();
        List<C> containers = new ArrayList<>();
        Map<String, List<I>> items = new LinkedHashMap<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        List<String> todo = new ArrayList<>();
        todo.add(null);
        int pages = 0;
        while (!todo.isEmpty()) {
            String container = todo.remove(0);
            String continuation = null;
            do {
                if (restartEachPage && pages > 0) {
                    notKept.addAll(context.notKept());
                    context = new TestTransferContext(job, endpoint);
                }
                ExportPage<C, I> page = exporter.export(context, new ExportCursor(container, continuation));
                pages++;
                for (C found : page.containers()) {
                    containers.add(found);
                    todo.add(found.id());
                }
                items.computeIfAbsent(container == null ? "" : container, k -> new ArrayList<>()).addAll(page.items());
                rejected.addAll(page.rejected());
                continuation = page.continuation();
            } while (continuation != null);
        }
        notKept.addAll(context.notKept());
        return new Result<>(containers, items, rejected, notKept, pages);
    }

    /** The bytes of a media reference, opened as the engine does, on a context of its own. */
    public static byte[] read(Exporter<?, ?> exporter, TransferEndpoint endpoint, MediaRef ref) throws Exception {
        try (InputStream in = exporter.openMedia(new TestTransferContext(UUID.randomUUID(), endpoint), ref)) {
            return in.readAllBytes();
        }
    }
}
