package org.dtp.core.engine;

import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.JobScratch;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An in-memory photo library for engine tests: albums of items with deterministic bytes, paged,
 * and an importer that counts every call per idempotency key so tests can prove "exactly once".
 * It implements our own SPI, not a provider's API.
 */
final class MemoryMediaProvider {
    final Map<String, List<MediaItem>> albums = new LinkedHashMap<>();
    final List<MediaItem> rootItems = new ArrayList<>();
    /** Albums nested in an album, by parent id: listed in their parent's first page rather than the root's. */
    final Map<String, List<String>> subAlbums = new LinkedHashMap<>();
    /** The containers the exporter was asked for, a page at a time (null: the root). */
    final List<String> exportedContainers = new java.util.concurrent.CopyOnWriteArrayList<>();
    final int pageSize;

    /** Imported items by idempotency key, and how often each key was imported. */
    final Map<String, byte[]> imported = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> importCalls = new ConcurrentHashMap<>();
    final Map<String, String> importedContainers = new ConcurrentHashMap<>();
    /** The parent each imported container was created in, by key ("" for the root). */
    final Map<String, String> containerParents = new ConcurrentHashMap<>();
    /** Calls of importContainer, and of updateItem by idempotency key (with the destination id it was given). */
    final AtomicInteger containerCalls = new AtomicInteger();
    final Map<String, List<String>> updateCalls = new ConcurrentHashMap<>();
    /** Whether the importer updates items in place; if not, it takes no updates (the SPI's default). */
    volatile boolean takesUpdates;
    /** Called before each import; may throw to inject failures. */
    volatile Function<MediaItem, AdapterException> importFault = item -> null;
    /** Source items the first page of an album reports as unreadable, by album. */
    final Map<String, List<ExportPage.Rejected>> unreadable = new ConcurrentHashMap<>();
    /** Fields each import reports as not kept, as a destination that cannot hold them would. */
    volatile Function<MediaItem, List<String>> notKept = item -> List.of();
    /** Fields the exporter reports as not carried by the model for each item of a page it reads, as a richer source would. */
    volatile Function<MediaItem, List<String>> notRead = item -> List.of();
    /** Settings each import updates first, as an adapter whose token was renewed does. */
    volatile Function<MediaItem, Map<String, String>> settingsUpdate = item -> Map.of();
    /** The destination settings each import saw, by idempotency key (the last attempt's). */
    final Map<String, Map<String, String>> settingsSeen = new ConcurrentHashMap<>();
    /** Called before each export with its cursor (e.g. to make it slow, or see when it runs). */
    volatile java.util.function.Consumer<ExportCursor> beforeExport = cursor -> { };
    /** Called after each imported item (e.g. to stop the job mid-page). */
    volatile Runnable afterImport = () -> { };
    /** Counted in the job scratch by each import: the scratches imports saw, in order of first use. */
    static final JobScratch.Key<AtomicInteger> IMPORTS_IN_SCRATCH = JobScratch.Key.of("test.imports");
    final List<JobScratch> scratchesSeen = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The items the importer declares it takes at once. */
    volatile int concurrency = 1;
    /** The destination settings the importer was asked to release (revoke), in order. */
    final List<Map<String, String>> released = new java.util.concurrent.CopyOnWriteArrayList<>();

    MemoryMediaProvider(int pageSize) {
        this.pageSize = pageSize;
    }

    MemoryMediaProvider withAlbum(String albumId, int items) {
        List<MediaItem> list = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            String id = albumId + "/photo-" + i;
            list.add(item(id));
        }
        albums.put(albumId, list);
        return this;
    }

    static MediaItem item(String id) {
        return item(id, "title " + id, (java.time.Instant) null);
    }

    /** An item taken at {@code takenAt} (null: its time is not known). */
    static MediaItem item(String id, java.time.Instant takenAt) {
        return item(id, "title " + id, takenAt);
    }

    static MediaItem item(String id, String title) {
        return item(id, title, (java.time.Instant) null);
    }

    static MediaItem item(String id, String title, java.time.Instant takenAt) {
        return MediaItem.builder()
                .takenAt(takenAt)
                .id(id)
                .kind(MediaKind.PHOTO)
                .fileName(id.replace('/', '_') + ".jpg")
                .title(title)
                .content(new MediaRef(id, "image/jpeg", bytesOf(id).length))
                .build();
    }

    static byte[] bytesOf(String id) {
        return ("bytes of " + id).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    int totalItems() {
        return rootItems.size() + albums.values().stream().mapToInt(List::size).sum();
    }

    final Exporter<PhotoAlbum, MediaItem> exporter = new Exporter<>() {
        @Override
        public void validate(TransferEndpoint source) throws InvalidEndpointException {
            source.require("library");
        }

        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) {
            beforeExport.accept(cursor);
            ExportPage<PhotoAlbum, MediaItem> page = read(cursor);
            for (MediaItem item : page.items()) {
                for (String field : notRead.apply(item)) {
                    context.reportNotKept(item.id(), field, "the model has no " + field);
                }
            }
            return page;
        }

        private ExportPage<PhotoAlbum, MediaItem> read(ExportCursor cursor) {
            exportedContainers.add(cursor.containerId());
            if (cursor.isRoot()) {
                List<PhotoAlbum> found = new ArrayList<>();
                albums.keySet().stream().filter(id -> subAlbums.values().stream().noneMatch(nested -> nested.contains(id)))
                        .forEach(id -> found.add(album(id)));
                return new ExportPage<>(cursor.continuation() == null ? found : List.of(), page(rootItems, cursor), next(rootItems, cursor));
            }
            List<MediaItem> items = albums.get(cursor.containerId());
            List<PhotoAlbum> nested = cursor.continuation() != null ? List.of()
                    : subAlbums.getOrDefault(cursor.containerId(), List.of()).stream().map(id -> album(id)).toList();
            return new ExportPage<>(nested, page(items, cursor), next(items, cursor),
                    cursor.continuation() == null ? unreadable.getOrDefault(cursor.containerId(), List.of()) : List.of());
        }

        private PhotoAlbum album(String id) {
            return new PhotoAlbum(id, "Album " + id, null);
        }

        private List<MediaItem> page(List<MediaItem> items, ExportCursor cursor) {
            int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
            return items.subList(Math.min(from, items.size()), Math.min(from + pageSize, items.size()));
        }

        private String next(List<MediaItem> items, ExportCursor cursor) {
            int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
            return from + pageSize < items.size() ? Integer.toString(from + pageSize) : null;
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            return new ByteArrayInputStream(bytesOf(ref.uri()));
        }
    };

    final Importer<PhotoAlbum, MediaItem> importer = new Importer<>() {
        @Override
        public int concurrency() {
            return concurrency;
        }

        @Override
        public void release(TransferEndpoint destination) {
            released.add(destination.settings());
        }

        @Override
        public String importContainer(ImportContext context, String key, PhotoAlbum container, String parentId) {
            containerCalls.incrementAndGet();
            importedContainers.putIfAbsent(key, "dest-" + container.id());
            containerParents.put(key, parentId == null ? "" : parentId);
            return importedContainers.get(key);
        }

        @Override
        public String importItem(ImportContext context, String key, MediaItem item, String containerId)
                throws AdapterException {
            importCalls.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            JobScratch scratch = context.scratch();
            if (scratchesSeen.stream().noneMatch(seen -> seen == scratch)) {
                scratchesSeen.add(scratch);
            }
            scratch.computeIfAbsent(IMPORTS_IN_SCRATCH, AtomicInteger::new).incrementAndGet();
            Map<String, String> update = settingsUpdate.apply(item);
            if (!update.isEmpty()) {
                context.updateSettings(update);
            }
            settingsSeen.put(key, context.endpoint().settings());
            for (String field : notKept.apply(item)) {
                context.reportNotKept(item.id(), field, "this destination keeps no " + field);
            }
            AdapterException fault = importFault.apply(item);
            if (fault != null) {
                throw fault;
            }
            try (InputStream in = context.openMedia(item.content())) {
                imported.put(key, in.readAllBytes());
            } catch (IOException e) {
                throw new AdapterException("read failed", e);
            }
            afterImport.run();
            return "dest-" + item.id();
        }

        @Override
        public String updateItem(ImportContext context, String key, MediaItem item, String containerId,
                                 String destinationId) throws AdapterException {
            if (!takesUpdates) {
                return Importer.super.updateItem(context, key, item, containerId, destinationId);
            }
            updateCalls.computeIfAbsent(key, k -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(destinationId);
            try (InputStream in = context.openMedia(item.content())) {
                imported.put(key, in.readAllBytes());
            } catch (IOException e) {
                throw new AdapterException("read failed", e);
            }
            return destinationId;
        }
    };
}
