package org.dtp.core.engine;

import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** An importer that takes batches gets a page's items a batch at a time, in order; what a batch leaves goes item by item. */
public class ItemBatchesTest {
    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;
    /** The keys of each batch the importer was given, in order. */
    private final List<List<String>> batches = new CopyOnWriteArrayList<>();
    /** The keys imported one by one (importItem), in order. */
    private final List<String> single = new CopyOnWriteArrayList<>();
    /** How many items of a batch of n the importer stores (a prefix); -1: it throws. */
    private volatile IntUnaryOperator stored = n -> n;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness();
        source = new MemoryMediaProvider(16).withAlbum("a", 16).withAlbum("b", 5);
        destination = new MemoryMediaProvider(16);
        harness.register("src", source.exporter);
        harness.register("dst", new BatchImporter<PhotoAlbum, MediaItem>() {
            @Override
            public int batchSize() {
                return 6;
            }

            @Override
            public List<String> importItems(List<Item<MediaItem>> items, String containerId) throws AdapterException {
                batches.add(items.stream().map(Item::idempotencyKey).toList());
                int n = stored.applyAsInt(items.size());
                if (n < 0) {
                    throw new TransientAdapterException("the connection broke mid-batch", null);
                }
                List<String> ids = new ArrayList<>();
                for (Item<MediaItem> item : items.subList(0, n)) {
                    ids.add(destination.importer.importItem(item.context(), item.idempotencyKey(), item.item(), containerId));
                }
                return ids;
            }

            @Override
            public String importContainer(ImportContext context, String key, PhotoAlbum container, String parentId)
                    throws AdapterException {
                return destination.importer.importContainer(context, key, container, parentId);
            }

            @Override
            public String importItem(ImportContext context, String key, MediaItem item, String containerId) throws AdapterException {
                single.add(key);
                return destination.importer.importItem(context, key, item, containerId);
            }
        });
    }

    @After
    public void tearDown() throws Exception {
        harness.close();
    }

    private TransferJob run() throws Exception {
        TransferJob job = harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of())));
        harness.engine.execute(job.id());
        return harness.store.job(job.id()).orElseThrow();
    }

    private List<String> allKeys() {
        List<String> keys = new ArrayList<>();
        source.albums.values().forEach(items -> items.forEach(item -> keys.add("i:" + item.id())));
        return keys;
    }

    private void assertEveryItemOnceWithItsBytes(TransferJob done) {
        assertEquals(JobState.COMPLETED, done.state());
        assertEquals(source.totalItems(), done.items());
        long bytes = allKeys().stream().mapToLong(key -> MemoryMediaProvider.bytesOf(key.substring(2)).length).sum();
        assertEquals(bytes, done.bytes());
        assertEquals(source.totalItems(), destination.imported.size());
    }

    private void assertEachImportedByOneCall() {
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
    }

    @Test
    public void aPageGoesInBatchesInItsOrder() throws Exception {
        TransferJob done = run();

        assertEveryItemOnceWithItsBytes(done);
        assertEachImportedByOneCall();
        assertEquals(List.of(), single);
        // Album a's 16 items in one page: 6, 6, 4; album b's 5: 5.
        assertEquals(List.of(6, 6, 4, 5), batches.stream().map(List::size).toList());
        assertEquals(allKeys(), batches.stream().flatMap(List::stream).toList());
    }

    @Test
    public void whatABatchLeavesIsImportedItemByItemInOrder() throws Exception {
        stored = n -> 2;

        TransferJob done = run();

        assertEveryItemOnceWithItsBytes(done);
        assertEachImportedByOneCall();
        List<String> expected = new ArrayList<>();
        for (List<String> batch : batches) {
            expected.addAll(batch.subList(2, batch.size()));
        }
        assertEquals(expected, single);
        assertTrue(single.size() > 0);
    }

    @Test
    public void aBatchThatThrowsIsImportedItemByItemWithTheirRetries() throws Exception {
        stored = n -> -1;
        AtomicInteger faults = new AtomicInteger();
        destination.importFault = item -> item.id().equals("a/photo-3") && faults.getAndIncrement() == 0
                ? new TransientAdapterException("one slow answer", null) : null;

        TransferJob done = run();

        assertEveryItemOnceWithItsBytes(done);
        assertEquals(allKeys(), single.stream().distinct().toList());
        assertEquals(2, faults.get()); // the retry of the one item that failed
    }
}
