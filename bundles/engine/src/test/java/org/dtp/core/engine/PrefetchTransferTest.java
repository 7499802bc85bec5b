package org.dtp.core.engine;

import org.dtp.models.Vertical;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** A job's next page is exported while its current page imports; stops and resumes still copy each item once. */
public class PrefetchTransferTest {
    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness();
        source = new MemoryMediaProvider(2).withAlbum("a", 6);
        destination = new MemoryMediaProvider(2);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
    }

    @After
    public void tearDown() throws Exception {
        harness.close();
    }

    private TransferJob start() throws Exception {
        return harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of())));
    }

    private static boolean secondPage(ExportCursor cursor) {
        return "a".equals(cursor.containerId()) && "2".equals(cursor.continuation());
    }

    private void assertEveryItemOnce(TransferJob job) {
        assertEquals(JobState.COMPLETED, harness.store.job(job.id()).orElseThrow().state());
        assertEquals(source.totalItems(), destination.imported.size());
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
    }

    @Test
    public void theNextPageIsExportedWhileThisOneImports() throws Exception {
        CountDownLatch nextPageExporting = new CountDownLatch(1);
        source.beforeExport = cursor -> {
            if (secondPage(cursor)) {
                nextPageExporting.countDown();
                sleep(200); // a source's latency per page
            }
        };
        // The first page's first item waits until the second page's export runs: one page after the other, it never would.
        destination.importFault = item -> item.id().equals("a/photo-0") && !await(nextPageExporting)
                ? new AdapterException("the next page was not exported while this one imported") : null;
        TransferJob job = start();

        harness.engine.execute(job.id());

        assertEveryItemOnce(job);
        assertEquals("each page exported once: the prefetched one was used", 1 + 3,
                source.exportedContainers.size());
    }

    @Test
    public void noPageIsExportedAheadWhenTheOperatorTurnedItOff() throws Exception {
        harness.engine.setPrefetchPages(false);
        List<String> exportsDuringImports = Collections.synchronizedList(new java.util.ArrayList<>());
        AtomicInteger importing = new AtomicInteger();
        source.beforeExport = cursor -> {
            if (importing.get() > 0) {
                exportsDuringImports.add(cursor.containerId() + "@" + cursor.continuation());
            }
        };
        destination.importFault = item -> {
            importing.incrementAndGet();
            sleep(20);
            importing.decrementAndGet();
            return null;
        };
        TransferJob job = start();

        harness.engine.execute(job.id());

        assertEveryItemOnce(job);
        assertEquals(List.of(), exportsDuringImports);
    }

    @Test
    public void aStopWithTheNextPageInFlightEndsItsExportAndTheResumedJobCopiesEachItemOnce() throws Exception {
        CountDownLatch nextPageExporting = new CountDownLatch(1);
        AtomicInteger exporting = new AtomicInteger();
        source.beforeExport = cursor -> {
            if (secondPage(cursor)) {
                exporting.incrementAndGet();
                nextPageExporting.countDown();
                sleep(10_000); // until the stop drops it
                exporting.decrementAndGet();
            }
        };
        TransferJob job = start();
        destination.afterImport = () -> {
            if (await(nextPageExporting)) {
                harness.controls.requestStop(job.id());
            }
        };

        harness.engine.execute(job.id());

        assertEquals(JobState.RUNNING, harness.store.job(job.id()).orElseThrow().state());
        assertEquals("no export of the job outlives its run", 0, exporting.get());
        assertTrue(destination.imported.size() < source.totalItems());
        source.beforeExport = cursor -> { };
        destination.afterImport = () -> { };
        harness.restartNode(new RetryPolicy(3, java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(5), 2, 0.1));
        harness.engine.execute(job.id());

        assertEveryItemOnce(job);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
