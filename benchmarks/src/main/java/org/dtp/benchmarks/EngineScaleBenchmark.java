package org.dtp.benchmarks;

import org.dtp.core.engine.JobControls;
import org.dtp.core.engine.RetryPolicy;
import org.dtp.core.engine.TransferEngine;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.JobStoreDataSource;
import org.dtp.core.store.RevocationStore;
import org.dtp.kit.testing.GeneratedStream;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.h2.jdbcx.JdbcDataSource;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's own cost, with adapters that cost next to nothing: generated contacts and a generated video go
 * from an in-memory exporter to an importer that only checks what arrives, through the whole engine (H2 job store
 * on disk, ledger, runs, checkpoints); in the same run the same exporter and importer are called by a bare loop.
 * Prints items/s, MB/s, ratios and peak heaps.
 *
 * <ul>
 * <li>small items: {@code --contacts N} contacts, engine vs bare loop (targets: ratio at least 0.5, at least
 *     20,000 items/s);</li>
 * <li>memory: live heap (after the full collections it asks for at the same points of every run) and peak heap
 *     (garbage included, as the collector's sizing of the young generation leaves it) of the engine at
 *     {@code --memory-small} and {@code --memory-large} contacts (target: at most 1.1 times; the peak is flat only
 *     in a heap small enough that the collector cannot grow its young generation with the run, e.g. 32 MB);</li>
 * <li>one video of {@code --video-mb} MB streamed through the engine, with the heap the JVM was given;</li>
 * <li>{@code --jobs} transfers of {@code --job-items} contacts at once, on an importer that takes
 *     {@code --latency-ms} per item (as a provider's round trip does), run by one "node" (an engine with 4 workers)
 *     and by two nodes (two engines, 4 workers each, sharing the job store), as clustered nodes share PostgreSQL:
 *     prints items/s of each and the ratio (target at least 1.8).</li>
 * </ul>
 * Nothing is kept of the items: the importer folds each into a checksum, which must match the bare loop's, so
 * that neither side can skip work and memory use is the engine's own.
 */
public final class EngineScaleBenchmark {
    private static final int PAGE = 1000;

    /** Rounds of the small-items scenario run before the measured ones, and the measured ones. */
    private static final int WARMUP_ROUNDS = 8;
    private static final int ROUNDS = 5;

    private EngineScaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Integer> given = new java.util.HashMap<>(Map.of("--contacts", 100_000, "--memory-small", 10_000,
                "--memory-large", 1_000_000, "--video-mb", 4096, "--jobs", 100, "--job-items", 200, "--latency-ms", 2));
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!given.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + given.keySet());
            }
            given.put(args[i], Integer.parseInt(args[i + 1]));
        }
        Path work = Files.createTempDirectory("dtp-scale-benchmark");
        try {
            System.out.printf("dtp engine scale benchmark, %d cores, max heap %d MB, Java %s%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                    System.getProperty("java.version"));
            smallItems(work.resolve("contacts"), given.get("--contacts"));
            memory(work.resolve("memory"), given.get("--memory-small"), given.get("--memory-large"));
            video(work.resolve("video"), given.get("--video-mb") * (1L << 20));
            concurrentJobs(work.resolve("concurrent"), given.get("--jobs"), given.get("--job-items"), given.get("--latency-ms"));
        } finally {
            Benchmarks.deleteTree(work);
        }
    }

    /**
     * The engine against the bare loop on the same {@code count} contacts. Both first run {@value #WARMUP_ROUNDS}
     * times on all of them (unwarmed, the engine's first 100,000 items run at a fifth of its later speed, and a
     * warm-up on a tenth of them left its rounds twice as far apart as the loop's), then {@value #ROUNDS} rounds
     * run the two in alternating order, so that neither is always the one to collect the other's garbage; the
     * medians are compared, and the spread of each is printed. (A collection before each turn would not do: a
     * full collection shrinks the heap, and the turn after it collects far more often.)
     */
    private static void smallItems(Path dir, int count) throws Exception {
        for (int round = 0; round < WARMUP_ROUNDS; round++) {
            ChecksumSink warmBare = new ChecksumSink();
            bareLoop(new ContactSource(count), warmBare);
            ChecksumSink warmEngine = new ChecksumSink();
            run(dir.resolve("warmup" + round), Vertical.CONTACTS, new ContactSource(count).exporter, warmEngine.contacts, count);
            warmEngine.assertSame(warmBare, count);
        }
        double[] bareSeconds = new double[ROUNDS];
        double[] engineSeconds = new double[ROUNDS];
        double[] bareCpu = new double[ROUNDS];
        double[] engineCpu = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            ContactSource source = new ContactSource(count);
            ChecksumSink bare = new ChecksumSink();
            ChecksumSink sink = new ChecksumSink();
            for (boolean engineTurn : round % 2 == 0 ? new boolean[] {false, true} : new boolean[] {true, false}) {
                if (engineTurn) {
                    Timed engine = run(dir.resolve("round" + round), Vertical.CONTACTS, source.exporter, sink.contacts, count);
                    engineSeconds[round] = engine.seconds();
                    engineCpu[round] = engine.cpuSeconds();
                } else {
                    long cpu = processCpuNanos();
                    long start = System.nanoTime();
                    bareLoop(source, bare);
                    bareSeconds[round] = (System.nanoTime() - start) / 1e9;
                    bareCpu[round] = (processCpuNanos() - cpu) / 1e9;
                }
            }
            sink.assertSame(bare, count);
        }
        double bare = median(bareSeconds);
        double engine = median(engineSeconds);
        System.out.printf("%n%,d contacts (in memory, engine with H2 job store on disk; %d warm-up rounds, median of %d rounds)%n",
                count, WARMUP_ROUNDS, ROUNDS);
        System.out.printf("  bare loop      : %,10.0f items/s   (rounds %s)%n", count / bare, spread(count, bareSeconds));
        System.out.printf("  dtp engine     : %,10.0f items/s   (rounds %s; target >= 20,000)%n", count / engine,
                spread(count, engineSeconds));
        System.out.printf("  engine / bare  : %.2f            (target >= 0.5)%n", bare / engine);
        System.out.printf("  CPU of the JVM : bare %.2f s, engine %.2f s (medians; the engine's includes H2's and the JIT's)%n",
                median(bareCpu), median(engineCpu));
    }

    /** The slowest and fastest round, in items/s. */
    private static String spread(int count, double[] seconds) {
        double[] sorted = seconds.clone();
        java.util.Arrays.sort(sorted);
        return String.format("%,.0f to %,.0f", count / sorted[sorted.length - 1], count / sorted[0]);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void memory(Path dir, int small, int large) throws Exception {
        long[] peaks = new long[2];
        long[] live = new long[2];
        int[] counts = {small, large};
        LiveHeap liveHeap = new LiveHeap();
        for (int i = 0; i < 2; i++) {
            ContactSource source = new ContactSource(counts[i], true);
            ChecksumSink sink = new ChecksumSink();
            Benchmarks.resetHeapPeaks();
            liveHeap.reset();
            double seconds = run(dir.resolve("run" + i), Vertical.CONTACTS, source.exporter, sink.contacts, counts[i]).seconds();
            peaks[i] = Benchmarks.heapPeak();
            live[i] = liveHeap.max();
            sink.assertSame(referenceOf(new ContactSource(counts[i], false)), counts[i]);
            System.out.printf("%n%,d contacts through the engine: %,.0f items/s, peak heap %d MB, live heap %.1f MB%n",
                    counts[i], counts[i] / seconds, peaks[i] >> 20, live[i] / (double) (1 << 20));
        }
        System.out.printf("  %,d vs %,d items: live heap %.2fx (target <= 1.1), peak heap with garbage %.2fx%n",
                large, small, (double) live[1] / live[0], (double) peaks[1] / peaks[0]);
    }

    /**
     * The largest heap in use right after a full garbage collection during a run: what the run keeps alive, without
     * the garbage a peak includes. The memory scenario's exporter asks for a collection every 100 pages and on its
     * last page, so that short and long runs are measured at comparable points; only those collections count.
     */
    private static final class LiveHeap implements javax.management.NotificationListener {
        private final AtomicLong max = new AtomicLong();
        private final java.util.Set<String> heapPools = new java.util.HashSet<>();

        LiveHeap() {
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    heapPools.add(pool.getName());
                }
            }
            for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((javax.management.NotificationEmitter) gc).addNotificationListener(this, null, null);
            }
        }

        @Override
        public void handleNotification(javax.management.Notification notification, Object handback) {
            if (!notification.getType().equals(com.sun.management.GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                return;
            }
            var collection = com.sun.management.GarbageCollectionNotificationInfo.from(
                    (javax.management.openmbean.CompositeData) notification.getUserData());
            if (!collection.getGcCause().equals("System.gc()")) {
                return; // after a young collection the old generation still holds its garbage, more of it the longer the run
            }
            var info = collection.getGcInfo();
            long used = info.getMemoryUsageAfterGc().entrySet().stream().filter(e -> heapPools.contains(e.getKey()))
                    .mapToLong(e -> e.getValue().getUsed()).sum();
            max.accumulateAndGet(used, Math::max);
        }

        void reset() throws InterruptedException {
            Thread.sleep(200); // notifications of earlier collections arrive late
            max.set(0);
        }

        long max() throws InterruptedException {
            Thread.sleep(200);
            return max.get();
        }
    }

    private static void video(Path dir, long bytes) throws Exception {
        MediaItem video = MediaItem.builder()
                .id("video-1")
                .kind(MediaKind.VIDEO)
                .fileName("big.mp4")
                .title("A long film")
                .content(new MediaRef("generated:" + bytes, "video/mp4", bytes))
                .build();
        Exporter<PhotoAlbum, MediaItem> exporter = new Exporter<>() {
            @Override
            public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) {
                return new ExportPage<>(List.of(), List.of(video), null);
            }

            @Override
            public InputStream openMedia(TransferContext context, MediaRef ref) {
                return new GeneratedStream(Long.parseLong(ref.uri().substring("generated:".length())));
            }
        };
        long bareStart = System.nanoTime();
        long bareSum = drain(exporter.openMedia(null, video.content()));
        double bareSeconds = (System.nanoTime() - bareStart) / 1e9;

        AtomicLong received = new AtomicLong();
        AtomicLong sum = new AtomicLong();
        Importer<PhotoAlbum, MediaItem> importer = new Importer<>() {
            @Override
            public String importContainer(ImportContext context, String key, PhotoAlbum album, String parentId) {
                return album.id();
            }

            @Override
            public String importItem(ImportContext context, String key, MediaItem item, String containerId) throws org.dtp.spi.AdapterException {
                try (InputStream in = context.openMedia(item.content())) {
                    sum.set(drain(in));
                } catch (IOException e) {
                    throw new org.dtp.spi.AdapterException("read failed: " + e.getMessage(), e);
                }
                received.set(item.content().size());
                return key;
            }
        };
        Benchmarks.resetHeapPeaks();
        Timed run = run(dir, Vertical.MEDIA, exporter, importer, 1);
        TransferJob job = run.job();
        double seconds = run.seconds();
        if (job.bytes() != bytes || sum.get() != bareSum) {
            throw new IllegalStateException("video arrived damaged: " + job.bytes() + " bytes of " + bytes);
        }
        double mb = bytes / (double) (1 << 20);
        System.out.printf("%none video of %,.0f MB streamed through the engine with a %d MB heap%n", mb,
                Runtime.getRuntime().maxMemory() >> 20);
        System.out.printf("  bare read      : %,8.0f MB/s%n", mb / bareSeconds);
        System.out.printf("  dtp engine     : %,8.0f MB/s, peak heap %d MB%n", mb / seconds, Benchmarks.heapPeak() >> 20);
        System.out.printf("  engine / bare  : %.2f%n", bareSeconds / seconds);
    }

    private static void concurrentJobs(Path dir, int jobs, int itemsPerJob, int latencyMs) throws Exception {
        double[] rates = new double[2];
        for (int nodes = 1; nodes <= 2; nodes++) {
            Files.createDirectories(dir);
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL("jdbc:h2:file:" + dir.resolve("db" + nodes).toAbsolutePath() + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0");
            try (var pool = JobStoreDataSource.createPool(h2, 16)) {
                JobStoreDataSource.migrate(pool);
                JobStore store = new JobStore(pool);
                RevocationStore revocations = new RevocationStore(pool);
                ChecksumSink sink = new ChecksumSink();
                Importer<AddressBook, Contact> slow = new Importer<>() {
                    @Override
                    public String importContainer(ImportContext context, String key, AddressBook book, String parentId) {
                        return book.id();
                    }

                    @Override
                    public String importItem(ImportContext context, String key, Contact contact, String containerId)
                            throws org.dtp.spi.AdapterException {
                        try {
                            Thread.sleep(latencyMs);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return sink.contacts.importItem(context, context.jobId() + key, contact, containerId);
                    }
                };
                List<TransferEngine> engines = new ArrayList<>();
                TransferManager manager = null;
                for (int n = 0; n < nodes; n++) {
                    AdapterRegistry registry = AdapterRegistry.withRevocations(revocations::isRevoked);
                    registry.register(new AdapterService<>("memory", "In memory", Vertical.CONTACTS,
                            new ContactSource(itemsPerJob).exporter, "benchmark", "1", 1));
                    registry.register(new AdapterService<>("memory", "In memory", Vertical.CONTACTS, slow, "benchmark", "1", 2));
                    JobControls controls = new JobControls();
                    engines.add(new TransferEngine(store, registry, controls,
                            new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(5), 2, 0.2)));
                    if (manager == null) {
                        manager = new TransferManager(store, registry, controls, id -> { }, revocations);
                    }
                }
                java.util.concurrent.ConcurrentLinkedQueue<java.util.UUID> queue = new java.util.concurrent.ConcurrentLinkedQueue<>();
                // Transfers of different accounts, as many users' are: the same accounts' would find each other's
                // items mapped already and copy only the first's.
                for (int j = 0; j < jobs; j++) {
                    Map<String, String> account = Map.of("account", "user" + j);
                    queue.add(manager.start(new TransferRequest(Vertical.CONTACTS, new TransferEndpoint("memory", account),
                            new TransferEndpoint("memory", account))).id());
                }
                // Each node's 4 workers take the next queued job, as Quartz hands them out.
                java.util.concurrent.ExecutorService workers = java.util.concurrent.Executors.newFixedThreadPool(4 * nodes);
                long start = System.nanoTime();
                for (int w = 0; w < 4 * nodes; w++) {
                    TransferEngine engine = engines.get(w % nodes);
                    workers.submit(() -> {
                        for (java.util.UUID id; (id = queue.poll()) != null; ) {
                            engine.execute(id);
                        }
                    });
                }
                workers.shutdown();
                workers.awaitTermination(1, java.util.concurrent.TimeUnit.HOURS);
                double seconds = (System.nanoTime() - start) / 1e9;
                long completed = store.jobIdsIn(java.util.EnumSet.of(JobState.COMPLETED)).size();
                if (completed != jobs || sink.items.get() != (long) jobs * itemsPerJob) {
                    throw new IllegalStateException(completed + " of " + jobs + " jobs completed, " + sink.items + " items");
                }
                rates[nodes - 1] = sink.items.get() / seconds;
                System.out.printf("%n%d transfers of %d contacts at once, %d ms per item, %d node(s) of 4 workers: %,.0f items/s%n",
                        jobs, itemsPerJob, latencyMs, nodes, rates[nodes - 1]);
            }
        }
        System.out.printf("  2 nodes / 1 node: %.2f (target >= 1.8)%n", rates[1] / rates[0]);
    }

    /** Reads a stream to its end and returns a checksum of its bytes. */
    private static long drain(InputStream in) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long sum = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
            for (int i = 0; i < n; i += 4096) {
                sum = sum * 31 + buffer[i];
            }
        }
        in.close();
        return sum;
    }

    /** A transfer that ran, and how long it took: wall clock and the JVM's CPU time. */
    private record Timed(TransferJob job, double seconds, double cpuSeconds) {
    }

    /**
     * One transfer through an engine of its own; the job store is made and migrated before the clock starts, as a
     * running server's is, so only the transfer is timed.
     */
    private static <C extends org.dtp.models.ContainerModel, I extends org.dtp.models.ItemModel> Timed run(
            Path dir, Vertical vertical, Exporter<C, I> exporter, Importer<C, I> importer, long expectedItems) throws Exception {
        try (BenchmarkEngine engine = new BenchmarkEngine(dir, 4)) {
            engine.exporter("memory", vertical, exporter).importer("memory", vertical, importer);
            long cpu = processCpuNanos();
            long start = System.nanoTime();
            TransferJob job = engine.run(vertical, new TransferEndpoint("memory", Map.of()), new TransferEndpoint("memory", Map.of()),
                    expectedItems);
            return new Timed(job, (System.nanoTime() - start) / 1e9, (processCpuNanos() - cpu) / 1e9);
        }
    }

    /** What the bare loop does: the same pages and the same import calls, with nothing in between. */
    private static void bareLoop(ContactSource source, ChecksumSink sink) throws Exception {
        String continuation = null;
        do {
            ExportPage<AddressBook, Contact> page = source.exporter.export(null, new ExportCursor(null, continuation));
            for (Contact c : page.items()) {
                sink.contacts.importItem(null, "i:" + c.id(), c, null);
            }
            continuation = page.continuation();
        } while (continuation != null);
    }

    private static ChecksumSink referenceOf(ContactSource source) throws Exception {
        ChecksumSink reference = new ChecksumSink();
        bareLoop(source, reference);
        return reference;
    }

    /** {@code count} contacts, generated page by page from their number: never all in memory. */
    static final class ContactSource {
        final int count;
        final Exporter<AddressBook, Contact> exporter;

        ContactSource(int count) {
            this(count, false);
        }

        /** {@code measured}: asks for a garbage collection every 100 pages and on the last (see {@link LiveHeap}). */
        ContactSource(int count, boolean measured) {
            this.count = count;
            this.exporter = new Exporter<>() {
                @Override
                public ExportPage<AddressBook, Contact> export(TransferContext context, ExportCursor cursor) {
                    int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
                    int to = Math.min(count, from + PAGE);
                    List<Contact> page = new ArrayList<>(to - from);
                    for (int i = from; i < to; i++) {
                        page.add(contact(i));
                    }
                    if (measured && (to == count || (from / PAGE) % 100 == 99)) {
                        System.gc();
                    }
                    return new ExportPage<>(List.of(), page, to < count ? Integer.toString(to) : null);
                }

                @Override
                public InputStream openMedia(TransferContext context, MediaRef ref) {
                    throw new UnsupportedOperationException("contacts here have no media");
                }
            };
        }

        static Contact contact(int i) {
            return Contact.builder()
                    .id("contact-" + i)
                    .uid("urn:uuid:" + new java.util.UUID(42, i))
                    .formattedName("Person " + i)
                    .name(new StructuredName("Family" + i, "Given" + i, List.of(), List.of(), List.of()))
                    .emails(List.of(new TypedValue("person" + i + "@example.org", List.of("home"), null)))
                    .phones(List.of(new TypedValue("+1 555 " + (1_000_000 + i), List.of("cell"), null)))
                    .build();
        }
    }

    /** An importer that keeps nothing but a count and an order-independent checksum of what it was given. */
    private static final class ChecksumSink {
        final AtomicLong items = new AtomicLong();
        final AtomicLong checksum = new AtomicLong();
        final Importer<AddressBook, Contact> contacts = new Importer<>() {
            @Override
            public String importContainer(ImportContext context, String key, AddressBook book, String parentId) {
                return book.id();
            }

            @Override
            public String importItem(ImportContext context, String key, Contact contact, String containerId) {
                items.incrementAndGet();
                checksum.addAndGet(key.hashCode() * 31L + contact.hashCode());
                return key;
            }
        };

        void assertSame(ChecksumSink reference, long count) {
            if (items.get() != count || reference.items.get() != count || checksum.get() != reference.checksum.get()) {
                throw new IllegalStateException("the engine delivered other items than the bare loop: " + items + " vs "
                        + reference.items + " items");
            }
        }
    }
}
