package org.dtp.benchmarks;

import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Moves generated photo folders through the engine (localfs exporter → engine with its H2 job store,
 * checkpoints and ledger → localfs importer) and, in the same run, through a bare copy loop over the
 * same files; prints items/s, MB/s, their ratio and the peak heap of each phase.
 *
 * <p>Arguments: {@code --photos N --photo-kb K} (large files) and {@code --small N} (1 KB files, to
 * measure the per-item cost of the engine).
 */
public final class EngineBenchmark {
    private EngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Integer> options = Map.of("--photos", 400, "--photo-kb", 2048, "--small", 20000);
        Map<String, Integer> given = new java.util.HashMap<>(options);
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!options.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + options.keySet());
            }
            given.put(args[i], Integer.parseInt(args[i + 1]));
        }
        Path work = Files.createTempDirectory("dtp-benchmark");
        try {
            System.out.printf("dtp engine benchmark, %d cores, max heap %d MB, Java %s%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                    System.getProperty("java.version"));
            scenario(work.resolve("large"), given.get("--photos"), given.get("--photo-kb") * 1024);
            scenario(work.resolve("small"), given.get("--small"), 1024);
        } finally {
            Benchmarks.deleteTree(work);
        }
    }

    private static void scenario(Path dir, int items, int bytesPerItem) throws Exception {
        Path source = dir.resolve("source");
        generate(source, items, bytesPerItem);
        double megabytes = (double) items * bytesPerItem / (1 << 20);

        Benchmarks.resetHeapPeaks();
        long start = System.nanoTime();
        bareCopy(source, dir.resolve("bare"));
        double bareSeconds = (System.nanoTime() - start) / 1e9;
        long barePeak = Benchmarks.heapPeak();

        Benchmarks.resetHeapPeaks();
        start = System.nanoTime();
        engineCopy(dir.resolve("jobstore"), source, dir.resolve("engine"), items);
        double engineSeconds = (System.nanoTime() - start) / 1e9;
        long enginePeak = Benchmarks.heapPeak();

        System.out.printf("%n%d items of %d KB (%.0f MB)%n", items, bytesPerItem / 1024, megabytes);
        System.out.printf("  bare copy loop : %8.0f items/s %8.1f MB/s  peak heap %4d MB%n",
                items / bareSeconds, megabytes / bareSeconds, barePeak >> 20);
        System.out.printf("  dtp engine     : %8.0f items/s %8.1f MB/s  peak heap %4d MB%n",
                items / engineSeconds, megabytes / engineSeconds, enginePeak >> 20);
        System.out.printf("  engine / bare  : %.2f%n", bareSeconds / engineSeconds);
    }

    /** Albums of 500 files with random bytes (so nothing is compressible or deduplicated by accident). */
    private static void generate(Path root, int items, int bytesPerItem) throws IOException {
        Random random = new Random(42);
        byte[] buffer = new byte[Math.min(bytesPerItem, 1 << 20)];
        for (int i = 0; i < items; i++) {
            Path album = Files.createDirectories(root.resolve(String.format("album-%03d", i / 500)));
            try (OutputStream out = Files.newOutputStream(album.resolve(String.format("photo-%06d.jpg", i)))) {
                for (int left = bytesPerItem; left > 0; left -= buffer.length) {
                    random.nextBytes(buffer);
                    out.write(buffer, 0, Math.min(left, buffer.length));
                }
            }
        }
    }

    private static void bareCopy(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else {
                    try (var in = Files.newInputStream(file); var out = Files.newOutputStream(to)) {
                        in.transferTo(out);
                    }
                }
            }
        }
    }

    private static void engineCopy(Path jobstore, Path source, Path target, int items) throws Exception {
        Files.createDirectories(target);
        LocalFolderConfig config = new LocalFolderConfig() {
            @Override public String[] allowedRoots() { return new String[0]; }
            @Override public int pageSize() { return 100; }
            // The bare loop does not fsync either: the benchmark measures the engine, not the disk.
            @Override public boolean syncToDisk() { return false; }
            @Override public int changeTimeMarginSeconds() { return 2; }
            @Override public Class<? extends Annotation> annotationType() { return LocalFolderConfig.class; }
        };
        try (BenchmarkEngine engine = new BenchmarkEngine(jobstore, 4)) {
            engine.exporter("localfs", Vertical.MEDIA, new LocalFolderMediaExporter(config))
                    .importer("localfs", Vertical.MEDIA, new LocalFolderMediaImporter(config));
            engine.run(Vertical.MEDIA,
                    new TransferEndpoint("localfs", Map.of("path", source.toAbsolutePath().toString())),
                    new TransferEndpoint("localfs", Map.of("path", target.toAbsolutePath().toString())), items);
        }
    }
}
