package org.dtp.benchmarks;

import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Copies one generated folder of photos folder → folder with dtp (the engine with its H2 job store, localfs to
 * localfs, with fsync as by default and once without) and with the tools people use for it, {@code rclone copy}
 * (its defaults: 4 transfers, 8 checkers) and {@code cp -a}, in one run: each round runs every copier once, in an
 * order rotated from round to round, into a fresh folder, after a {@code sync} so that no copier pays for the
 * writeback of the one before (after one untimed copy of 50 photos by each); every copy is checked byte for byte and for every file's modification time; the
 * medians of the rounds are compared.
 *
 * <p>Arguments: {@code --photos N} (2,000), {@code --photo-kb K} (4,096), {@code --rounds R} (3),
 * {@code --dir PATH} (a new folder under java.io.tmpdir; on the disk to be measured).
 */
public final class FolderPeersBenchmark {
    private static final int PHOTOS_PER_ALBUM = 500;
    private static final int WARMUP_PHOTOS = 50;

    private FolderPeersBenchmark() {
    }

    /** One way of copying folder {@code from} to the folder {@code to}, which does not exist yet. */
    private interface Copier {
        void copy(Path from, Path to, Path scratch, int photos) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("--photos", "2000", "--photo-kb", "4096", "--rounds", "3",
                "--dir", ""));
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!options.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + options.keySet());
            }
            options.put(args[i], args[i + 1]);
        }
        int photos = Integer.parseInt(options.get("--photos"));
        int bytesPerPhoto = Integer.parseInt(options.get("--photo-kb")) * 1024;
        int rounds = Integer.parseInt(options.get("--rounds"));
        Path work = options.get("--dir").isEmpty() ? Files.createTempDirectory("dtp-peers")
                : Files.createDirectories(Path.of(options.get("--dir")).resolve("dtp-peers-" + System.nanoTime()));
        Map<String, Copier> copiers = new LinkedHashMap<>();
        copiers.put("dtp", (from, to, scratch, count) -> dtp(from, to, scratch, count, true));
        copiers.put("dtp, syncToDisk=false", (from, to, scratch, count) -> dtp(from, to, scratch, count, false));
        copiers.put("rclone copy", (from, to, scratch, count) -> run("rclone", "copy", "--config", "/dev/null",
                from.toString(), to.toString()));
        copiers.put("cp -a", (from, to, scratch, count) -> run("cp", "-a", from.toString(), to.toString()));
        try {
            System.out.printf("folder → folder peers, %d cores, Java %s, %s, %s%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    version("rclone", "version"), version("cp", "--version"));
            Path source = work.resolve("source");
            generate(source, photos, bytesPerPhoto);
            System.out.printf("%d photos of %d KB (%.0f MB) in %s, %d rounds%n", photos, bytesPerPhoto / 1024,
                    (double) photos * bytesPerPhoto / (1 << 20), work, rounds);
            // Untimed, so that the first timed round of dtp does not pay for the JIT and class loading.
            Path warmup = work.resolve("warmup");
            generate(warmup, WARMUP_PHOTOS, bytesPerPhoto);
            for (Map.Entry<String, Copier> copier : copiers.entrySet()) {
                Path scratch = Files.createDirectories(work.resolve("scratch"));
                Path target = work.resolve("copy");
                copier.getValue().copy(warmup, target, scratch, WARMUP_PHOTOS);
                verify(warmup, target);
                Benchmarks.deleteTree(target);
                Benchmarks.deleteTree(scratch);
            }
            Benchmarks.deleteTree(warmup);
            Map<String, List<Double>> seconds = new LinkedHashMap<>();
            copiers.keySet().forEach(name -> seconds.put(name, new ArrayList<>()));
            List<String> names = new ArrayList<>(copiers.keySet());
            for (int round = 0; round < rounds; round++) {
                for (int turn = 0; turn < names.size(); turn++) {
                    String name = names.get((round + turn) % names.size());
                    Path target = work.resolve("copy");
                    Path scratch = work.resolve("scratch");
                    Files.createDirectories(scratch);
                    run("sync");
                    long start = System.nanoTime();
                    copiers.get(name).copy(source, target, scratch, photos);
                    double took = (System.nanoTime() - start) / 1e9;
                    verify(source, target);
                    seconds.get(name).add(took);
                    System.out.printf("  round %d  %-22s %7.2f s  (verified)%n", round + 1, name, took);
                    Benchmarks.deleteTree(target);
                    Benchmarks.deleteTree(scratch);
                }
            }
            System.out.printf("%nmedians of %d rounds%n", rounds);
            Map<String, Double> median = new LinkedHashMap<>();
            seconds.forEach((name, list) -> median.put(name, median(list)));
            double megabytes = (double) photos * bytesPerPhoto / (1 << 20);
            median.forEach((name, s) -> System.out.printf("  %-22s %7.2f s %8.1f MB/s  rounds %s%n", name, s,
                    megabytes / s, list(seconds.get(name))));
            double dtp = median.get("dtp");
            System.out.printf("  dtp / rclone copy          %.2f%n", dtp / median.get("rclone copy"));
            System.out.printf("  dtp / cp -a                %.2f%n", dtp / median.get("cp -a"));
            System.out.printf("  fsync's cost: dtp / dtp without  %.2f%n", dtp / median.get("dtp, syncToDisk=false"));
        } finally {
            Benchmarks.deleteTree(work);
        }
    }

    /** The engine as a node runs it, localfs to localfs at its defaults but for {@code sync}. */
    private static void dtp(Path from, Path to, Path scratch, int photos, boolean sync) throws Exception {
        Files.createDirectories(to);
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), LocalFolderSettings.defaults().pageSize(), sync);
        try (BenchmarkEngine engine = new BenchmarkEngine(scratch.resolve("jobstore"), 4)) {
            engine.exporter("localfs", Vertical.MEDIA, new LocalFolderMediaExporter(settings))
                    .importer("localfs", Vertical.MEDIA, new LocalFolderMediaImporter(settings));
            engine.run(Vertical.MEDIA, endpoint(from), endpoint(to), photos);
        }
    }

    private static TransferEndpoint endpoint(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toAbsolutePath().toString()));
    }

    /**
     * Albums of 500 photos of random bytes (nothing compressible or deduplicated by accident), each with a
     * modification time of its own in the past, so that a copy that does not keep it is caught.
     */
    static void generate(Path root, int photos, int bytesPerPhoto) throws IOException {
        Random random = new Random(42);
        byte[] buffer = new byte[Math.min(bytesPerPhoto, 1 << 20)];
        Instant first = Instant.parse("2015-06-01T10:00:00.123456789Z");
        for (int i = 0; i < photos; i++) {
            Path album = Files.createDirectories(root.resolve(String.format("album-%03d", i / PHOTOS_PER_ALBUM)));
            Path photo = album.resolve(String.format("IMG_%05d.jpg", i));
            try (OutputStream out = Files.newOutputStream(photo)) {
                for (int left = bytesPerPhoto; left > 0; left -= buffer.length) {
                    random.nextBytes(buffer);
                    out.write(buffer, 0, Math.min(left, buffer.length));
                }
            }
            Files.setLastModifiedTime(photo, FileTime.from(first.plusSeconds(37L * i)));
        }
    }

    /**
     * Every source file is in {@code copy} at the same relative path with the same bytes and modification time, and
     * {@code copy} holds no other visible file (dtp's sidecars and temp files are hidden or named *.dtp.json).
     */
    private static void verify(Path source, Path copy) throws IOException {
        List<Path> expected = files(source);
        for (Path file : expected) {
            Path copied = copy.resolve(source.relativize(file).toString());
            if (!Files.isRegularFile(copied, LinkOption.NOFOLLOW_LINKS) || Files.mismatch(file, copied) != -1) {
                throw new IllegalStateException(copied + " is missing or differs from " + file);
            }
            FileTime want = Files.getLastModifiedTime(file);
            FileTime got = Files.getLastModifiedTime(copied);
            if (!want.equals(got)) {
                throw new IllegalStateException(copied + " has the modification time " + got + ", not " + want);
            }
        }
        int copies = files(copy).size();
        if (copies != expected.size()) {
            throw new IllegalStateException(copy + " holds " + copies + " files, not " + expected.size());
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !FolderLayout.ignored(p.getFileName().toString()))
                    .toList();
        }
    }

    static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited with " + exit);
        }
    }

    static String version(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String first = new String(process.getInputStream().readAllBytes()).lines().findFirst().orElse("?");
        process.waitFor();
        return first;
    }

    static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    static String list(List<Double> values) {
        return Arrays.toString(values.stream().mapToDouble(d -> Math.round(d * 100) / 100.0).toArray());
    }
}
