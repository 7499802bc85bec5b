package org.dtp.core.engine;

import org.dtp.core.registry.AdapterService;
import org.dtp.models.Vertical;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.Exporter;
import org.dtp.spi.JobScratch;
import org.junit.After;
import org.junit.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The next page's export: taken only for the cursor and exporter it was for, else dropped and ended. */
public class PagePrefetchTest {
    private static final RetryPolicy QUICK = new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1);
    private static final Checkpoint.Pending SECOND_PAGE = new Checkpoint.Pending("a", "2", "dest-a", null);

    private final ExecutorService threads = PagePrefetch.threads();
    private final MemoryMediaProvider source = new MemoryMediaProvider(2).withAlbum("a", 6);
    private final UUID jobId = UUID.randomUUID();
    private final JobControls.Control control = new JobControls().claim(jobId).orElseThrow();
    private final PagePrefetch prefetch = new PagePrefetch(threads, new AdapterRetry(QUICK), control);
    private final AdapterService<Exporter<?, ?>> exporter = service(1);

    @After
    public void tearDown() {
        prefetch.close();
        threads.shutdownNow();
    }

    private AdapterService<Exporter<?, ?>> service(long id) {
        return new AdapterService<>("src", "src", Vertical.MEDIA, source.exporter, "test.src", "1.0.0", id);
    }

    private AdapterContext context() {
        return new AdapterContext(jobId, false, null, JobScratch.inMemory(), null, null);
    }

    @Test
    public void thePageFetchedForTheCursorIsTakenWithWhatItsExportReported() throws Exception {
        source.notRead = item -> List.of("rating");
        prefetch.start(exporter, SECOND_PAGE, context());

        Optional<PagePrefetch.Fetched> fetched = prefetch.take(exporter, SECOND_PAGE);

        assertTrue(fetched.isPresent());
        assertEquals(List.of("a/photo-2", "a/photo-3"), fetched.get().page().items().stream().map(i -> i.id()).toList());
        assertEquals(2, fetched.get().context().notKept().size());
        assertEquals(List.of("a"), source.exportedContainers);
    }

    @Test
    public void aPageFetchedForAnotherCursorIsDroppedAndItsExportHasEndedWhenTheJobGoesOn() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicBoolean interrupted = new AtomicBoolean();
        source.beforeExport = cursor -> {
            running.incrementAndGet();
            started.countDown();
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            } finally {
                running.decrementAndGet();
            }
        };
        prefetch.start(exporter, SECOND_PAGE, context());
        assertTrue(started.await(5, TimeUnit.SECONDS));

        // The page in work repeats (a stop or an adapter leaving mid-page): it needs its own cursor again.
        Optional<PagePrefetch.Fetched> fetched = prefetch.take(exporter, new Checkpoint.Pending("a", null, "dest-a", null));

        assertFalse(fetched.isPresent());
        assertEquals(0, running.get());
        assertTrue(interrupted.get());
    }

    @Test
    public void aPageFetchedByAnotherExporterIsDropped() throws Exception {
        prefetch.start(exporter, SECOND_PAGE, context());

        assertFalse(prefetch.take(service(2), SECOND_PAGE).isPresent());
        assertFalse("dropped, not kept for later", prefetch.take(exporter, SECOND_PAGE).isPresent());
    }
}
