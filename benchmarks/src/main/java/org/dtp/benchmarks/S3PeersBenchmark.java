package org.dtp.benchmarks;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.s3.S3Config;
import org.dtp.adapters.s3.S3Connector;
import org.dtp.adapters.s3.S3MediaImporter;
import org.dtp.adapters.s3.S3ProxyServer;
import org.dtp.kit.net.OutboundGuard;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Copies a local folder into a bucket of a real S3 server on this machine (S3Proxy with its file system store, on a
 * loopback port) with dtp (the engine with its H2 job store, localfs → s3 at the adapter's defaults: 4 items at once,
 * one PUT up to 16 MiB) and with {@code rclone copy} at its defaults (4 transfers, 8 checkers), two sets of files in one
 * run: photos of ~4 MB and small files of ~20 KB. Each round runs both copiers once per set, in an order alternating
 * from round to round, into a new bucket; every object of every copy is read back and compared byte for byte with its
 * file, and the bucket holds no other object (dtp's hidden album markers aside). Medians of the rounds are compared.
 *
 * <p>Arguments: {@code --photos N} (2,000), {@code --photo-kb K} (4,096), {@code --small N} (20,000),
 * {@code --small-kb K} (20), {@code --rounds R} (3), {@code --dir PATH} (under java.io.tmpdir; S3Proxy's objects go
 * there too), {@code --s3proxy JAR} (S3Proxy's runnable jar, which the build copies to target/s3proxy),
 * {@code --https true|false} (true: S3Proxy serves https with a self-signed certificate made for the run, which dtp
 * trusts through the adapter's trust store setting and rclone through {@code --ca-cert}; as against a real store, the
 * AWS SDK then sends bodies unsigned, as rclone does. false: plain http, where the SDK signs every body).
 */
public final class S3PeersBenchmark {
    private static final int FILES_PER_ALBUM = 500;
    private static final int WARMUP_FILES = 50;

    private S3PeersBenchmark() {
    }

    /**
     * One way of copying folder {@code from} into the new, empty {@code bucket}; it calls {@code clock.run()} when the
     * copy proper begins (dtp: after the job store of the node it plays was opened, which a node does once at start).
     */
    private interface Copier {
        void copy(Path from, String bucket, Path scratch, int files, Runnable clock) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("--photos", "2000", "--photo-kb", "4096", "--small", "20000",
                "--small-kb", "20", "--rounds", "3", "--dir", "", "--s3proxy", "target/s3proxy/s3proxy.jar",
                "--https", "true"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!options.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + options.keySet());
            }
            options.put(args[i], args[i + 1]);
        }
        int rounds = Integer.parseInt(options.get("--rounds"));
        Path work = options.get("--dir").isEmpty() ? Files.createTempDirectory("dtp-s3-peers")
                : Files.createDirectories(Path.of(options.get("--dir")).resolve("dtp-s3-peers-" + System.nanoTime()));
        boolean https = Boolean.parseBoolean(options.get("--https"));
        try (S3ProxyServer server = S3ProxyServer.start(Path.of(options.get("--s3proxy")).toAbsolutePath(), https);
             S3Client direct = server.client()) {
            System.out.printf("local folder → S3 peers, %d cores, Java %s, %s, S3Proxy 2.6.0 (file system store) at %s%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    version("rclone", "version"), server.endpoint());
            Map<String, Copier> copiers = new LinkedHashMap<>();
            copiers.put("dtp", (from, bucket, scratch, count, clock) -> dtp(server, from, bucket, scratch, count, clock));
            copiers.put("rclone copy", (from, bucket, scratch, count, clock) -> {
                clock.run();
                rclone(server, from, bucket);
            });
            Map<String, double[]> sets = new LinkedHashMap<>();
            sets.put("photos", new double[] {Integer.parseInt(options.get("--photos")), Integer.parseInt(options.get("--photo-kb"))});
            sets.put("small files", new double[] {Integer.parseInt(options.get("--small")), Integer.parseInt(options.get("--small-kb"))});
            int buckets = 0;
            for (Map.Entry<String, double[]> set : sets.entrySet()) {
                int files = (int) set.getValue()[0];
                int bytes = (int) set.getValue()[1] * 1024;
                // untimed, per set: the JIT compiles the paths of this file size and count, as in a node that has run for
                // a while (a JVM just started would be measured otherwise, not the copy; rclone has nothing to warm)
                Path warmup = work.resolve("warmup");
                int warmupFiles = Math.max(WARMUP_FILES, files / 10);
                generate(warmup, warmupFiles, bytes);
                for (Map.Entry<String, Copier> copier : copiers.entrySet()) {
                    String bucket = "warmup-" + buckets++;
                    direct.createBucket(b -> b.bucket(bucket));
                    copier.getValue().copy(warmup, bucket, Files.createDirectories(work.resolve("scratch")), warmupFiles, () -> { });
                    verify(direct, warmup, bucket);
                    Benchmarks.deleteTree(work.resolve("scratch"));
                    Benchmarks.deleteTree(server.bucketFolder(bucket));
                }
                Benchmarks.deleteTree(warmup);
                Path source = work.resolve("source");
                generate(source, files, bytes);
                System.out.printf("%n%s: %d files of %d KB (%.0f MB), %d rounds%n", set.getKey(), files, bytes / 1024,
                        (double) files * bytes / (1 << 20), rounds);
                Map<String, List<Double>> seconds = new LinkedHashMap<>();
                Map<String, List<Double>> cpu = new LinkedHashMap<>();
                Map<String, List<Double>> serverCpu = new LinkedHashMap<>();
                copiers.keySet().forEach(name -> {
                    seconds.put(name, new ArrayList<>());
                    cpu.put(name, new ArrayList<>());
                    serverCpu.put(name, new ArrayList<>());
                });
                List<String> names = new ArrayList<>(copiers.keySet());
                for (int round = 0; round < rounds; round++) {
                    for (int turn = 0; turn < names.size(); turn++) {
                        String name = names.get((round + turn) % names.size());
                        String bucket = "round-" + buckets++;
                        direct.createBucket(b -> b.bucket(bucket));
                        Path scratch = Files.createDirectories(work.resolve("scratch"));
                        run("sync");
                        long[] start = new long[3];
                        copiers.get(name).copy(source, bucket, scratch, files, () -> {
                            start[0] = System.nanoTime();
                            start[1] = CpuTimes.copiers();
                            start[2] = CpuTimes.ofProcess(server.pid());
                        });
                        double took = (System.nanoTime() - start[0]) / 1e9;
                        double copierCpu = (CpuTimes.copiers() - start[1]) / 1e9;
                        double storeCpu = (CpuTimes.ofProcess(server.pid()) - start[2]) / 1e9;
                        verify(direct, source, bucket);
                        seconds.get(name).add(took);
                        cpu.get(name).add(copierCpu);
                        serverCpu.get(name).add(storeCpu);
                        System.out.printf("  round %d  %-12s %8.2f s  CPU %6.2f s, S3Proxy's %6.2f s  (%d objects verified)%n",
                                round + 1, name, took, copierCpu, storeCpu, files);
                        Benchmarks.deleteTree(scratch);
                        Benchmarks.deleteTree(server.bucketFolder(bucket));
                    }
                }
                double megabytes = (double) files * bytes / (1 << 20);
                System.out.printf("  medians of %d rounds%n", rounds);
                Map<String, Double> median = new LinkedHashMap<>();
                seconds.forEach((name, list) -> median.put(name, median(list)));
                median.forEach((name, s) -> System.out.printf("    %-12s %8.2f s %8.1f MB/s %8.0f files/s  rounds %s%n", name, s,
                        megabytes / s, files / s, list(seconds.get(name))));
                System.out.printf("    dtp / rclone copy  %.2f   CPU %.2f / %.2f s = %.2f   S3Proxy's CPU %.2f / %.2f s = %.2f%n",
                        median.get("dtp") / median.get("rclone copy"), median(cpu.get("dtp")), median(cpu.get("rclone copy")),
                        median(cpu.get("dtp")) / median(cpu.get("rclone copy")), median(serverCpu.get("dtp")),
                        median(serverCpu.get("rclone copy")), median(serverCpu.get("dtp")) / median(serverCpu.get("rclone copy")));
                Benchmarks.deleteTree(source);
            }
        } finally {
            Benchmarks.deleteTree(work);
        }
    }

    /** The engine as a node runs it: localfs to s3 at the adapter's defaults, the loopback allowed as an operator would. */
    private static void dtp(S3ProxyServer server, Path from, String bucket, Path scratch, int files, Runnable clock)
            throws Exception {
        S3Connector connector = new S3Connector(defaults(server), new OutboundGuard(List.of(), List.of("127.0.0.0/8")));
        try (BenchmarkEngine engine = new BenchmarkEngine(scratch.resolve("jobstore"), 4)) {
            clock.run();
            engine.exporter("localfs", Vertical.MEDIA, new LocalFolderMediaExporter(LocalFolderSettings.defaults()))
                    .importer("s3", Vertical.MEDIA, new S3MediaImporter(connector));
            engine.run(Vertical.MEDIA, new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, from.toAbsolutePath().toString())),
                    new TransferEndpoint("s3", server.settings(bucket, "")), files);
        } finally {
            connector.close();
        }
    }

    private static void rclone(S3ProxyServer server, Path from, String bucket) throws Exception {
        List<String> command = new ArrayList<>(List.of("rclone", "copy", "--config", "/dev/null", from.toString(), "bench:" + bucket));
        if (server.endpoint().getScheme().equals("https")) {
            command.addAll(List.of("--ca-cert", server.certificate().toString()));
        }
        ProcessBuilder rclone = new ProcessBuilder(command).inheritIO();
        Map<String, String> env = rclone.environment();
        env.put("RCLONE_CONFIG_BENCH_TYPE", "s3");
        env.put("RCLONE_CONFIG_BENCH_PROVIDER", "Other");
        env.put("RCLONE_CONFIG_BENCH_ENDPOINT", server.endpoint().toString());
        env.put("RCLONE_CONFIG_BENCH_ACCESS_KEY_ID", S3ProxyServer.ACCESS_KEY);
        env.put("RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY", S3ProxyServer.SECRET_KEY);
        env.put("RCLONE_CONFIG_BENCH_FORCE_PATH_STYLE", "true");
        // rclone 1.60's S3 client fails on a custom CA bundle named here ("transport unsupported type"): --ca-cert instead
        env.remove("AWS_CA_BUNDLE");
        int exit = rclone.start().waitFor();
        if (exit != 0) {
            throw new IllegalStateException("rclone copy exited with " + exit);
        }
    }

    /**
     * The adapter's defaults (S3Config's own), as a node without a configuration runs it, but for the trust store of
     * S3Proxy's certificate over https.
     */
    private static S3Config defaults(S3ProxyServer server) {
        boolean https = server.endpoint().getScheme().equals("https");
        Map<String, Object> trust = Map.of("trustStore", https ? server.trustStore().toString() : "",
                "trustStorePassword", https ? S3ProxyServer.STORE_PASSWORD : "");
        return (S3Config) Proxy.newProxyInstance(S3Config.class.getClassLoader(), new Class<?>[] {S3Config.class},
                (proxy, method, arguments) -> method.getName().equals("annotationType") ? S3Config.class
                        : trust.getOrDefault(method.getName(), method.getDefaultValue()));
    }

    /** Albums of 500 files of random bytes, named like photos. */
    private static void generate(Path root, int files, int bytesPerFile) throws IOException {
        Random random = new Random(42);
        byte[] buffer = new byte[Math.min(bytesPerFile, 1 << 20)];
        for (int i = 0; i < files; i++) {
            Path album = Files.createDirectories(root.resolve(String.format("album-%03d", i / FILES_PER_ALBUM)));
            try (OutputStream out = Files.newOutputStream(album.resolve(String.format("IMG_%05d.jpg", i)))) {
                for (int left = bytesPerFile; left > 0; left -= buffer.length) {
                    random.nextBytes(buffer);
                    out.write(buffer, 0, Math.min(left, buffer.length));
                }
            }
        }
    }

    /**
     * Every file of {@code source} is an object at its relative path in {@code bucket} with the same bytes (read back
     * through S3), and the bucket holds no other object but dtp's hidden album markers (and S3Proxy's folder entries).
     */
    private static void verify(S3Client s3, Path source, String bucket) throws IOException {
        Set<String> expected = new HashSet<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(source)) {
            files = walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList();
        }
        for (Path file : files) {
            String key = source.relativize(file).toString().replace('\\', '/');
            expected.add(key);
            try (InputStream object = s3.getObject(r -> r.bucket(bucket).key(key)); InputStream local = Files.newInputStream(file)) {
                if (!Arrays.equals(object.readAllBytes(), local.readAllBytes())) {
                    throw new IllegalStateException(bucket + "/" + key + " differs from " + file);
                }
            }
        }
        Set<String> found = new HashSet<>();
        s3.listObjectsV2Paginator(r -> r.bucket(bucket)).contents().stream().map(S3Object::key)
                .filter(k -> !k.endsWith("/") && !k.endsWith("/" + ".dtp-album")).forEach(found::add);
        if (!found.equals(expected)) {
            throw new IllegalStateException(bucket + " holds " + found.size() + " objects, not the " + expected.size() + " files");
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited with " + exit);
        }
    }

    private static String version(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String first = new String(process.getInputStream().readAllBytes()).lines().findFirst().orElse("?");
        process.waitFor();
        return first;
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static String list(List<Double> values) {
        return Arrays.toString(values.stream().mapToDouble(d -> Math.round(d * 100) / 100.0).toArray());
    }
}
