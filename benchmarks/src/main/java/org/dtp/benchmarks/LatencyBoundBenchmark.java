package org.dtp.benchmarks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.transfer.TransferJob;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A latency-bound transfer: a fake provider on loopback HTTP (the JDK's server) that answers each upload after a
 * fixed latency and takes a fixed number of requests at once (one more is answered 429, as a provider's
 * concurrency limit does), and an importer that uploads each item there in one request. The physical limit of
 * such a job is allowed / latency items per second; the benchmark prints dtp's items/s against it, with the
 * importer declaring it takes as many items at once as the provider allows, and with it taking one at a time (as
 * every importer did before items in flight), and a bare loop of as many threads uploading the same items with the
 * same client (what the transport costs, without the engine). Every item is checked to have been uploaded once.
 *
 * <p>Arguments: {@code --items N} (the concurrent run), {@code --serial-items N} (the one-at-a-time run),
 * {@code --latency-ms L}, {@code --allowed K}, {@code --page P} (items per exported page).
 */
public final class LatencyBoundBenchmark {
    private LatencyBoundBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Integer> given = new HashMap<>(Map.of("--items", 800, "--serial-items", 80, "--latency-ms", 100,
                "--allowed", 8, "--page", 100));
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!given.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + given.keySet());
            }
            given.put(args[i], Integer.parseInt(args[i + 1]));
        }
        int latencyMs = given.get("--latency-ms");
        int allowed = given.get("--allowed");
        double limit = allowed * 1000.0 / latencyMs;
        // The JDK's server otherwise leaves its small answers to Nagle's algorithm and the client's delayed ACK,
        // some 40 ms each on loopback, which a provider's front end does not add.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        Path work = Files.createTempDirectory("dtp-latency-benchmark");
        try (FakeProvider provider = new FakeProvider(latencyMs, allowed)) {
            System.out.printf("dtp latency-bound benchmark, %d cores, Java %s: a provider answering each upload after "
                            + "%d ms, %d at once; limit %d / %.3f s = %.0f items/s%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), latencyMs, allowed,
                    allowed, latencyMs / 1000.0, limit);
            int serialItems = given.get("--serial-items");
            double serial = run(work.resolve("serial"), provider, serialItems, given.get("--page"), 1);
            int items = given.get("--items");
            double bare = bareUploads(provider, items, allowed);
            double concurrent = run(work.resolve("concurrent"), provider, items, given.get("--page"), allowed);
            System.out.printf("  one item at a time  : %,8.1f items/s  (%d items)  %.2f of the limit%n",
                    serial, serialItems, serial / limit);
            System.out.printf("  bare loop, %d threads: %,8.1f items/s  (%d items)  %.2f of the limit (no engine, "
                    + "no job store: what the client and the fake cost)%n", allowed, bare, items, bare / limit);
            System.out.printf("  %d items in flight   : %,8.1f items/s  (%d items)  %.2f of the limit (target >= 0.8), "
                    + "%.2f of the bare loop%n", allowed, concurrent, items, concurrent / limit, concurrent / bare);
            System.out.printf("  provider: %d uploads refused for too many at once%n", provider.refused.get());
        } finally {
            Benchmarks.deleteTree(work);
        }
    }

    /** Uploads {@code items} from {@code threads} threads of a bare loop, with the importer's client; items/s. */
    private static double bareUploads(FakeProvider provider, int items, int threads) throws Exception {
        String account = "bare";
        UploadingImporter client = new UploadingImporter(provider, account, threads);
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        try {
            List<java.util.concurrent.Future<?>> uploaders = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                uploaders.add(pool.submit(() -> {
                    for (int i; (i = next.getAndIncrement()) < items; ) {
                        String id = "photo-" + i;
                        client.upload("i:" + id, GeneratedPhotos.bytesOf(id));
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> uploader : uploaders) {
                uploader.get();
            }
        } finally {
            pool.shutdown();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (provider.stored(account) != items) {
            throw new IllegalStateException("the provider holds " + provider.stored(account) + " of " + items + " items");
        }
        return items / seconds;
    }

    /** Copies {@code items} through the engine with an importer taking {@code concurrency} at once; items/s. */
    private static double run(Path dir, FakeProvider provider, int items, int pageSize, int concurrency) throws Exception {
        String account = "account-" + concurrency;
        try (BenchmarkEngine engine = new BenchmarkEngine(dir, 4)) {
            engine.exporter("generated", Vertical.MEDIA, new GeneratedPhotos(items, pageSize))
                    .importer("slowprovider", Vertical.MEDIA, new UploadingImporter(provider, account, concurrency));
            long start = System.nanoTime();
            TransferJob job = engine.run(Vertical.MEDIA, new TransferEndpoint("generated", Map.of()),
                    new TransferEndpoint("slowprovider", Map.of()), items);
            double seconds = (System.nanoTime() - start) / 1e9;
            int stored = provider.stored(account);
            if (stored != items || job.errors() != 0) {
                throw new IllegalStateException("the provider holds " + stored + " of " + items + " items; "
                        + job.errors() + " errors");
            }
            return items / seconds;
        }
    }

    /** {@code items} small photos in one album, {@code pageSize} to a page. */
    private static final class GeneratedPhotos implements Exporter<PhotoAlbum, MediaItem> {
        private final int items;
        private final int pageSize;

        GeneratedPhotos(int items, int pageSize) {
            this.items = items;
            this.pageSize = pageSize;
        }

        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) {
            if (cursor.isRoot()) {
                return new ExportPage<>(List.of(new PhotoAlbum("album", "Album", null)), List.of(), null);
            }
            int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
            List<MediaItem> page = new ArrayList<>();
            for (int i = from; i < Math.min(items, from + pageSize); i++) {
                String id = "photo-" + i;
                page.add(MediaItem.builder().id(id).kind(MediaKind.PHOTO).fileName(id + ".jpg")
                        .content(new MediaRef(id, "image/jpeg", bytesOf(id).length)).build());
            }
            return new ExportPage<>(List.of(), page, from + pageSize < items ? Integer.toString(from + pageSize) : null);
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            return new ByteArrayInputStream(bytesOf(ref.uri()));
        }

        static byte[] bytesOf(String id) {
            return ("bytes of " + id).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Uploads each item in one request, keyed for idempotency; takes {@code concurrency} items at once. */
    private static final class UploadingImporter implements Importer<PhotoAlbum, MediaItem> {
        private final HttpClient http = HttpClient.newHttpClient();
        private final FakeProvider provider;
        private final String account;
        private final int concurrency;

        UploadingImporter(FakeProvider provider, String account, int concurrency) {
            this.provider = provider;
            this.account = account;
            this.concurrency = concurrency;
        }

        @Override
        public int concurrency() {
            return concurrency;
        }

        @Override
        public String importContainer(ImportContext context, String key, PhotoAlbum album, String parentId) {
            return album.id();
        }

        @Override
        public String importItem(ImportContext context, String key, MediaItem item, String containerId)
                throws AdapterException {
            try (InputStream in = context.openMedia(item.content())) {
                return upload(key, in.readAllBytes());
            } catch (IOException e) {
                throw new AdapterException("the source could not be read: " + e.getMessage(), e);
            }
        }

        String upload(String key, byte[] body) throws AdapterException {
            try {
                HttpRequest upload = HttpRequest.newBuilder(provider.uri(account, key))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
                HttpResponse<String> answer = http.send(upload, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 429) {
                    throw new TransientAdapterException("too many uploads at once", null);
                }
                if (answer.statusCode() != 200) {
                    throw new AdapterException("upload answered " + answer.statusCode());
                }
                return answer.body();
            } catch (IOException e) {
                throw new TransientAdapterException("upload failed: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AdapterException("interrupted", e);
            }
        }
    }

    /**
     * The provider: {@code POST /upload/ACCOUNT/KEY} stores the body under the key (once, whatever the repeats) and
     * answers its id after the latency; beyond {@code allowed} requests at once it answers 429 at once.
     */
    private static final class FakeProvider implements AutoCloseable {
        private final HttpServer server;
        private final ExecutorService threads = Executors.newCachedThreadPool();
        private final Semaphore allowed;
        private final int latencyMs;
        private final Map<String, Map<String, Integer>> stored = new ConcurrentHashMap<>();
        final AtomicInteger refused = new AtomicInteger();

        FakeProvider(int latencyMs, int allowed) throws IOException {
            this.latencyMs = latencyMs;
            this.allowed = new Semaphore(allowed);
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
            server.createContext("/upload/", this::upload);
            server.setExecutor(threads);
            server.start();
        }

        URI uri(String account, String key) {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/upload/" + account + "/"
                    + java.net.URLEncoder.encode(key, StandardCharsets.UTF_8));
        }

        int stored(String account) {
            return stored.getOrDefault(account, Map.of()).size();
        }

        private void upload(HttpExchange exchange) throws IOException {
            try (exchange) {
                if (!allowed.tryAcquire()) {
                    refused.incrementAndGet();
                    exchange.sendResponseHeaders(429, -1);
                    return;
                }
                String[] path = exchange.getRequestURI().getPath().split("/", 4);
                try {
                    int size = exchange.getRequestBody().readAllBytes().length;
                    Thread.sleep(latencyMs);
                    stored.computeIfAbsent(path[2], a -> new ConcurrentHashMap<>()).putIfAbsent(path[3], size);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    exchange.sendResponseHeaders(503, -1);
                    return;
                } finally {
                    allowed.release(); // before the answer: the client may send its next upload as soon as it has it
                }
                byte[] id = ("id-" + path[3]).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, id.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(id);
                }
            }
        }

        @Override
        public void close() {
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
