package org.dtp.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.smugmug.SmugMugConfig;
import org.dtp.adapters.smugmug.SmugMugConnector;
import org.dtp.adapters.smugmug.SmugMugMediaExporter;
import org.dtp.adapters.smugmug.SmugMugMediaImporter;
import org.dtp.auth.oauth1.ClientCredentials;
import org.dtp.auth.oauth1.OAuth1Signer;
import org.dtp.auth.oauth1.TokenCredentials;
import org.dtp.fakes.smugmug.FakeSmugMug;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Photos of several MB from a fake SmugMug (the source) to another fake SmugMug (the destination), both on
 * loopback HTTP: through the engine with the real SmugMug exporter and importer (H2 job store on disk), and, in the
 * same JVM against the same two servers, through a raw HTTP copy that lists the same albums, downloads the same
 * originals and uploads them to the same uploader, with no engine, no job store and no adapter. Both copies are
 * checked (count and SHA-256 of every image the destination stored). Prints MB/s of each, the ratio engine/raw,
 * the CPU time of the JVM (the fakes included) and the peak heap.
 *
 * <p>The importer runs twice: with its default settings ({@code sendContentMd5=true}: every photo goes through an
 * encrypted spool file so that {@code Content-MD5} can precede the body) and with {@code sendContentMd5=false}
 * (streamed from the download straight into the upload, as the raw copy does). The raw copy runs twice too:
 * streamed, and through a plain temporary file with {@code Content-MD5}, so that the cost of spooling as such is
 * told apart from the adapter's.
 *
 * <p>Arguments: {@code --photos N --photo-mb M} (the measured set), {@code --concurrency K} (K transfers at once, one
 * per source user, each moving its photos one at a time as a job does; the raw copy runs K threads over the same
 * users), {@code --album-size A} (photos per source album), {@code --warmup W} (photos copied once by each before
 * measuring), {@code --rounds R} (each phase R times, in rotated order; the medians are compared). With {@code -Dbenchmark.jfr=DIR} each measured phase is also recorded by Java Flight Recorder (the
 * "profile" settings) into {@code DIR/raw.jfr}, {@code md5.jfr} and {@code stream.jfr}.
 */
public final class MediaHttpBenchmark {
    private static final String SOURCE = "smugmug";
    /** The importer with {@code sendContentMd5=false}, registered under its own provider name. */
    private static final String STREAMING = "smugmug-streaming";
    private static final int PAGE = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    private MediaHttpBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Integer> given = new LinkedHashMap<>(Map.of("--photos", 200, "--photo-mb", 4, "--concurrency", 1,
                "--album-size", 50, "--warmup", 20, "--rounds", 3));
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!given.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + given.keySet());
            }
            given.put(args[i], Integer.parseInt(args[i + 1]));
        }
        int photos = given.get("--photos");
        long photoBytes = given.get("--photo-mb") * (1L << 20);
        int concurrency = given.get("--concurrency");
        int albumSize = given.get("--album-size");
        int warmup = Math.max(concurrency, given.get("--warmup"));
        int rounds = Math.max(1, given.get("--rounds"));
        if (photos < concurrency) {
            throw new IllegalArgumentException("--photos must be at least --concurrency");
        }
        System.out.printf("dtp media-over-HTTP benchmark, %d cores, max heap %d MB, Java %s%n",
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.version"));

        Path work = Files.createTempDirectory("dtp-media-benchmark");
        ExecutorService threads = Executors.newFixedThreadPool(concurrency);
        try (FakeSmugMug source = FakeSmugMug.start(); FakeSmugMug destination = FakeSmugMug.start();
             BenchmarkEngine engine = new BenchmarkEngine(work.resolve("jobstore"), concurrency + 2)) {
            Library measured = Library.seed(source, "src", photos, photoBytes, concurrency, albumSize, 42);
            Library warm = Library.seed(source, "warm", warmup, photoBytes, concurrency, albumSize, 7);
            engine.exporter(SOURCE, Vertical.MEDIA, new SmugMugMediaExporter(connector(source, true)))
                    .importer(SOURCE, Vertical.MEDIA, new SmugMugMediaImporter(connector(destination, true)))
                    .importer(STREAMING, Vertical.MEDIA, new SmugMugMediaImporter(connector(destination, false)));
            RawCopy raw = new RawCopy(source, destination, false);
            RawCopy rawSpooled = new RawCopy(source, destination, true);
            List<Phase> phases = List.of(
                    new Phase("raw HTTP copy", "raw", (lib, to) -> raw.copy(lib, to, threads)),
                    new Phase("raw, temp file + Content-MD5", "rawmd5", (lib, to) -> rawSpooled.copy(lib, to, threads)),
                    new Phase("engine, Content-MD5 (default)", "md5", (lib, to) -> engineCopy(engine, SOURCE, lib, to, threads)),
                    new Phase("engine, streamed", "stream", (lib, to) -> engineCopy(engine, STREAMING, lib, to, threads)));

            for (Phase phase : phases) {
                phase.run(warm, destination, "w", false);
            }
            System.out.printf("%nwarmed up with %d photos each; measuring %d photos of %d MB (%d MB) in %d album(s) of "
                            + "at most %d, %d transfer(s) at once, %d round(s)%n", warm.items(), measured.items(), photoBytes >> 20,
                    measured.bytes() >> 20, measured.albums(), albumSize, concurrency, rounds);
            Map<Phase, List<Result>> results = new LinkedHashMap<>();
            phases.forEach(p -> results.put(p, new ArrayList<>()));
            for (int round = 1; round <= rounds; round++) {
                // Each round starts with another phase, so that none always runs first (or last) on a busy machine.
                for (int i = 0; i < phases.size(); i++) {
                    Phase phase = phases.get((i + round - 1) % phases.size());
                    Result r = phase.run(measured, destination, "r" + round, round == 1);
                    results.get(phase).add(r);
                    System.out.printf("  round %d  %-30s %5d items %7d MB in %6.2f s: %7.1f MB/s, CPU %5.1f s (%4.1f s/GB), "
                                    + "peak heap %4d MB%n", round, r.name, r.items, r.bytes >> 20, r.seconds,
                            r.megabytesPerSecond(), r.cpuSeconds, r.cpuSeconds / (r.bytes / 1e9), r.heapPeak >> 20);
                }
            }
            System.out.printf("%nmedian of %d round(s):%n", rounds);
            double rawMbs = median(results.get(phases.get(0)), Result::megabytesPerSecond);
            double rawSpooledMbs = median(results.get(phases.get(1)), Result::megabytesPerSecond);
            for (Map.Entry<Phase, List<Result>> e : results.entrySet()) {
                List<Result> rs = e.getValue();
                double mbs = median(rs, Result::megabytesPerSecond);
                String ratio = switch (e.getKey().userPrefix) {
                    case "raw" -> "";
                    case "rawmd5" -> String.format(", / raw %.2f", mbs / rawMbs);
                    case "md5" -> String.format(", engine / raw %.2f (target >= 0.8), / raw with temp file + Content-MD5 %.2f",
                            mbs / rawMbs, mbs / rawSpooledMbs);
                    default -> String.format(", engine / raw %.2f (target >= 0.8)", mbs / rawMbs);
                };
                System.out.printf("  %-30s %7.1f MB/s, CPU %4.1f s/GB, peak heap %4d MB%s%n", e.getKey().name, mbs,
                        median(rs, r -> r.cpuSeconds / (r.bytes / 1e9)), rs.stream().mapToLong(Result::heapPeak).max().orElse(0) >> 20,
                        ratio);
            }
        } finally {
            threads.shutdownNow();
            Benchmarks.deleteTree(work);
        }
    }

    /** How one phase copies a library to one destination user per source user. */
    @FunctionalInterface
    private interface Copy {
        void copy(Library library, List<FakeSmugMug.Account> destinations) throws Exception;
    }

    private record Phase(String name, String userPrefix, Copy copy) {
        /** Copies {@code library} to new destination users named after {@code round}; records it when asked and {@code -Dbenchmark.jfr} is set. */
        Result run(Library library, FakeSmugMug destination, String round, boolean record) throws Exception {
            List<FakeSmugMug.Account> to = new ArrayList<>();
            for (int k = 0; k < library.users.size(); k++) {
                to.add(destination.addUser(round + userPrefix + library.prefix + k));
            }
            Benchmarks.resetHeapPeaks();
            String recordings = System.getProperty("benchmark.jfr");
            Recording recording = recordings == null || !record ? null : new Recording(Configuration.getConfiguration("profile"));
            if (recording != null) {
                recording.start();
            }
            long cpu = processCpuNanos();
            long start = System.nanoTime();
            copy.copy(library, to);
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (processCpuNanos() - cpu) / 1e9;
            long peak = Benchmarks.heapPeak();
            if (recording != null) {
                Path file = Files.createDirectories(Path.of(recordings)).resolve(userPrefix + ".jfr");
                recording.dump(file);
                recording.close();
                System.out.println("  flight recording of " + name + ": " + file);
            }
            library.verify(destination, to, name);
            return new Result(name, library.items(), library.bytes(), seconds, cpuSeconds, peak);
        }
    }

    private record Result(String name, int items, long bytes, double seconds, double cpuSeconds, long heapPeak) {
        double megabytesPerSecond() {
            return bytes / (double) (1 << 20) / seconds;
        }
    }

    /** One transfer per source user, all at once on {@code threads}, as the job dispatcher's workers run them. */
    private static void engineCopy(BenchmarkEngine engine, String importer, Library library,
                                   List<FakeSmugMug.Account> destinations, ExecutorService threads) throws Exception {
        List<Callable<Void>> jobs = new ArrayList<>();
        for (int k = 0; k < library.users.size(); k++) {
            SourceUser from = library.users.get(k);
            UUID id = engine.start(Vertical.MEDIA, endpoint(SOURCE, from.account), endpoint(importer, destinations.get(k)));
            jobs.add(() -> {
                engine.execute(id);
                engine.completed(id, from.items());
                return null;
            });
        }
        all(threads, jobs);
    }

    private static TransferEndpoint endpoint(String provider, FakeSmugMug.Account account) {
        return new TransferEndpoint(provider, Map.of(SmugMugConnector.ACCESS_TOKEN, account.token(),
                SmugMugConnector.ACCESS_TOKEN_SECRET, account.tokenSecret()));
    }

    /** The adapter's defaults, except the fake's addresses and a rate limit too high to be reached. */
    private static SmugMugConnector connector(FakeSmugMug fake, boolean contentMd5) {
        return new SmugMugConnector(new SmugMugConfig() {
            @Override public String consumerKey() { return fake.consumerKey(); }
            @Override public String consumerSecret() { return fake.consumerSecret(); }
            @Override public String apiBaseUrl() { return fake.apiBaseUri().toString(); }
            @Override public String uploadUrl() { return fake.uploadUri().toString(); }
            @Override public double requestsPerSecond() { return 100_000; }
            @Override public double requestsPerSecondPerUser() { return 0; }
            @Override public int pageSize() { return PAGE; }
            @Override public int maxImagesPerAlbum() { return 5000; }
            @Override public String albumPrivacy() { return "Private"; }
            @Override public String rootAlbumName() { return "Imported photos"; }
            @Override public boolean sendContentMd5() { return contentMd5; }
            @Override public String spoolDirectory() { return ""; }
            @Override public int requestTimeoutSeconds() { return 60; }
            @Override public String[] mediaHosts() { return new String[] {"smugmug.com"}; }
            @Override public Class<? extends Annotation> annotationType() { return SmugMugConfig.class; }
        });
    }

    /**
     * The baseline: for each source album, the album's pages of images (one GET per {@value #PAGE}, for the
     * originals' addresses and sizes), then per image a GET of the original streamed straight into a POST to the
     * uploader, both signed with OAuth 1.0a as the fakes require. The destination albums are made beforehand, in
     * the fake's memory, untimed. {@code spooled}: each original is downloaded into a plain temporary file with its
     * MD5 first and uploaded from it with {@code Content-MD5}, as the importer's default does (without encryption):
     * what that choice costs by itself.
     */
    private static final class RawCopy {
        private final FakeSmugMug source;
        private final FakeSmugMug destination;
        private final boolean spooled;
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();

        RawCopy(FakeSmugMug source, FakeSmugMug destination, boolean spooled) {
            this.source = source;
            this.destination = destination;
            this.spooled = spooled;
        }

        void copy(Library library, List<FakeSmugMug.Account> destinations, ExecutorService threads) throws Exception {
            List<Callable<Void>> users = new ArrayList<>();
            for (int k = 0; k < library.users.size(); k++) {
                SourceUser from = library.users.get(k);
                FakeSmugMug.Account to = destinations.get(k);
                Map<String, String> albums = new LinkedHashMap<>();
                for (FakeSmugMug.StoredAlbum album : source.albums(from.account.nickName())) {
                    albums.put(album.albumKey(), destination.addAlbum(to.nickName(), album.name()));
                }
                users.add(() -> {
                    OAuth1Signer reader = signer(source, from.account);
                    OAuth1Signer writer = signer(destination, to);
                    for (Map.Entry<String, String> album : albums.entrySet()) {
                        copyAlbum(reader, album.getKey(), writer, album.getValue());
                    }
                    return null;
                });
            }
            all(threads, users);
        }

        private void copyAlbum(OAuth1Signer reader, String albumKey, OAuth1Signer writer, String targetAlbumKey) throws Exception {
            for (int start = 1; ; start += PAGE) {
                URI page = URI.create(source.apiBaseUri() + "/api/v2/album/" + albumKey + "!images?start=" + start + "&count=" + PAGE);
                JsonNode response;
                try (InputStream in = send(reader, HttpRequest.newBuilder(page).GET(), page, "GET")) {
                    response = JSON.readTree(in).path("Response");
                }
                for (JsonNode image : response.path("AlbumImage")) {
                    copyImage(reader, URI.create(image.path("ArchivedUri").asText()), image.path("ArchivedSize").asLong(),
                            image.path("FileName").asText(), writer, targetAlbumKey);
                }
                if (!response.path("Pages").has("NextPage")) {
                    return;
                }
            }
        }

        private void copyImage(OAuth1Signer reader, URI original, long size, String fileName, OAuth1Signer writer,
                               String targetAlbumKey) throws Exception {
            URI upload = destination.uploadUri();
            HttpRequest.Builder post = HttpRequest.newBuilder(upload)
                    .header("Content-Type", "image/jpeg")
                    .header("X-Smug-AlbumUri", "/api/v2/album/" + targetAlbumKey)
                    .header("X-Smug-ResponseType", "JSON")
                    .header("X-Smug-Version", "v2")
                    .header("X-Smug-FileName", fileName);
            Path spool = null;
            try (InputStream bytes = send(reader, HttpRequest.newBuilder(original).GET(), original, "GET")) {
                if (spooled) {
                    spool = Files.createTempFile("dtp-media-benchmark", ".spool");
                    MessageDigest md5 = MessageDigest.getInstance("MD5");
                    try (InputStream in = new DigestInputStream(bytes, md5)) {
                        Files.copy(in, spool, StandardCopyOption.REPLACE_EXISTING);
                    }
                    post.header("Content-MD5", Base64.getEncoder().encodeToString(md5.digest()))
                            .POST(HttpRequest.BodyPublishers.ofFile(spool));
                } else {
                    post.POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> bytes), size));
                }
                try (InputStream answer = send(writer, post, upload, "POST")) {
                    JsonNode stat = JSON.readTree(answer).path("stat");
                    if (!"ok".equals(stat.asText())) {
                        throw new IOException("the uploader refused " + fileName + ": " + stat);
                    }
                }
            } finally {
                if (spool != null) {
                    Files.delete(spool);
                }
            }
        }

        private InputStream send(OAuth1Signer signer, HttpRequest.Builder request, URI uri, String method) throws Exception {
            request.timeout(Duration.ofSeconds(120)).header("Authorization", signer.authorizationHeader(method, uri, List.of()));
            HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                String body;
                try (InputStream in = response.body()) {
                    body = new String(in.readNBytes(2000), java.nio.charset.StandardCharsets.UTF_8);
                }
                throw new IOException(method + " " + uri.getRawPath() + " answered " + response.statusCode() + ": " + body);
            }
            return response.body();
        }

        private static OAuth1Signer signer(FakeSmugMug fake, FakeSmugMug.Account account) {
            return new OAuth1Signer(new ClientCredentials(fake.consumerKey(), fake.consumerSecret()),
                    new TokenCredentials(account.token(), account.tokenSecret()));
        }
    }

    private record SourceUser(FakeSmugMug.Account account, List<String> sha256) {
        int items() {
            return sha256.size();
        }
    }

    /** Source users with albums of random photos (nothing compressible), and the SHA-256 of every photo. */
    private record Library(String prefix, List<SourceUser> users, long photoBytes, int albums) {
        static Library seed(FakeSmugMug fake, String prefix, int photos, long photoBytes, int userCount, int albumSize,
                            long seed) throws IOException {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] buffer = new byte[1 << 20];
            List<SourceUser> users = new ArrayList<>();
            int albums = 0;
            for (int k = 0; k < userCount; k++) {
                FakeSmugMug.Account account = fake.addUser(prefix + k);
                int mine = photos / userCount + (k < photos % userCount ? 1 : 0);
                String album = null;
                for (int i = 0; i < mine; i++) {
                    if (i % albumSize == 0) {
                        album = fake.addAlbum(account.nickName(), "Album " + (i / albumSize));
                        albums++;
                    }
                    Path file = Files.createTempFile("dtp-media-benchmark", ".jpg");
                    try (OutputStream out = Files.newOutputStream(file)) {
                        for (long left = photoBytes; left > 0; left -= buffer.length) {
                            for (int b = 0; b < buffer.length; b += 8) {
                                long r = random.nextLong();
                                for (int s = 0; s < 8; s++) {
                                    buffer[b + s] = (byte) (r >>> (8 * s));
                                }
                            }
                            out.write(buffer, 0, (int) Math.min(left, buffer.length));
                        }
                    }
                    // On disk before measuring: else the kernel writes the seeded photos back while the first phase runs.
                    try (FileChannel written = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        written.force(true);
                    }
                    fake.addImage(album, String.format("photo-%05d.jpg", i), file, "Photo " + i, null, false);
                }
                users.add(new SourceUser(account, shaOf(fake, account)));
            }
            return new Library(prefix, users, photoBytes, albums);
        }

        int items() {
            return users.stream().mapToInt(SourceUser::items).sum();
        }

        long bytes() {
            return items() * photoBytes;
        }

        /** Every destination user holds exactly its source user's photos, byte for byte (by the fake's SHA-256). */
        void verify(FakeSmugMug destination, List<FakeSmugMug.Account> to, String phase) {
            for (int k = 0; k < users.size(); k++) {
                List<String> arrived = shaOf(destination, to.get(k));
                if (!arrived.equals(users.get(k).sha256)) {
                    throw new IllegalStateException(phase + ": " + to.get(k).nickName() + " holds " + arrived.size()
                            + " photos, not the " + users.get(k).items() + " of " + users.get(k).account.nickName()
                            + " (or other bytes)");
                }
            }
        }

        private static List<String> shaOf(FakeSmugMug fake, FakeSmugMug.Account account) {
            List<String> sha = new ArrayList<>();
            for (FakeSmugMug.StoredAlbum album : fake.albums(account.nickName())) {
                fake.images(album.albumKey()).forEach(image -> sha.add(image.sha256()));
            }
            sha.sort(null);
            return sha;
        }
    }

    private static void all(ExecutorService threads, List<Callable<Void>> tasks) throws Exception {
        List<Future<Void>> running = new ArrayList<>();
        for (Callable<Void> task : tasks) {
            running.add(threads.submit(task));
        }
        for (Future<Void> f : running) {
            f.get();
        }
    }

    private static double median(List<Result> results, java.util.function.ToDoubleFunction<Result> value) {
        double[] sorted = results.stream().mapToDouble(value).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
