package org.dtp.benchmarks;

import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.webdavdrive.WebDavDriveConnector;
import org.dtp.adapters.webdavdrive.WebDavMediaImporter;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.testing.ApacheDav;
import org.dtp.webdav.testing.Radicale;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Copies a local folder into a WebDAV drive with dtp (the engine with its H2 job store, localfs → webdav at the WebDAV
 * adapter's defaults: 4 files at once, no rate limit) and with {@code rclone copy} (its defaults: 4 transfers, 8
 * checkers) into the same real server, Apache httpd with mod_dav_fs on loopback ({@link ApacheDav}), in one run:
 * photos (2,000 of 4 MB) and small files (20,000 of 20 KB), each in albums of 500. Every round runs both once, in an
 * order that alternates from round to round, each into a new folder of the drive (after one untimed copy of 50 files
 * by each); every copy is checked byte for byte on the server's disk, and holds no other visible file. The medians of
 * the rounds are compared: dtp's time / rclone's.
 *
 * <p>Arguments: {@code --photos N} (2,000), {@code --photo-kb K} (4,096), {@code --small N} (20,000),
 * {@code --small-kb K} (20), {@code --rounds R} (3), {@code --dir PATH} (where the source folders are generated; a new
 * folder under java.io.tmpdir by default). Runs as root or as a user who may start Apache on a loopback port.
 */
public final class DrivePeersBenchmark {
    private static final int WARMUP_FILES = 50;
    /** {@code WebDavDriveConfig}'s defaults. */
    private static final int PAGE_SIZE = 1000;
    private static final int FILES_AT_ONCE = 4;

    private DrivePeersBenchmark() {
    }

    /** One way of copying the folder {@code from} into the drive's new folder {@code to}. */
    private interface Copier {
        void copy(Path from, String to, Path scratch, int files) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("--photos", "2000", "--photo-kb", "4096", "--small", "20000",
                "--small-kb", "20", "--rounds", "3", "--dir", ""));
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!options.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + options.keySet());
            }
            options.put(args[i], args[i + 1]);
        }
        int rounds = Integer.parseInt(options.get("--rounds"));
        Path work = options.get("--dir").isEmpty() ? Files.createTempDirectory("dtp-drive-peers")
                : Files.createDirectories(Path.of(options.get("--dir")).resolve("dtp-drive-peers-" + System.nanoTime()));
        try (ApacheDav server = new ApacheDav()) {
            server.start();
            DavAccount account = new DavAccount(server.url(), ApacheDav.USER, ApacheDav.PASSWORD);
            DavClient client = DavClient.builder("WebDAV").outbound(Radicale.LOOPBACK).build();
            String obscured = output("rclone", "obscure", ApacheDav.PASSWORD);
            Map<String, Copier> copiers = new LinkedHashMap<>();
            copiers.put("dtp", (from, to, scratch, files) -> dtp(client, account, server, from, to, scratch, files));
            copiers.put("rclone copy", (from, to, scratch, files) -> FolderPeersBenchmark.run("rclone", "copy",
                    "--config", "/dev/null", from.toString(), ":webdav:" + to, "--webdav-url", server.url().toString(),
                    "--webdav-user", ApacheDav.USER, "--webdav-pass", obscured));
            System.out.printf("folder → WebDAV drive peers, %d cores, Java %s, %s, %s%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    FolderPeersBenchmark.version("rclone", "version"), FolderPeersBenchmark.version("/usr/sbin/apache2", "-v"));
            Map<String, Double> ratios = new LinkedHashMap<>();
            ratios.put("photos", workload("photos", Integer.parseInt(options.get("--photos")),
                    Integer.parseInt(options.get("--photo-kb")) * 1024, rounds, copiers, server, work));
            ratios.put("small files", workload("small files", Integer.parseInt(options.get("--small")),
                    Integer.parseInt(options.get("--small-kb")) * 1024, rounds, copiers, server, work));
            System.out.println();
            ratios.forEach((name, ratio) -> System.out.printf("dtp / rclone copy, %-12s %.2f%n", name, ratio));
        } finally {
            Benchmarks.deleteTree(work);
        }
    }

    /** Times both copiers on {@code files} files of {@code bytes} and returns dtp's median / rclone's. */
    private static double workload(String name, int files, int bytes, int rounds, Map<String, Copier> copiers,
                                   ApacheDav server, Path work) throws Exception {
        Path source = work.resolve(name.replace(' ', '-'));
        FolderPeersBenchmark.generate(source, files, bytes);
        System.out.printf("%n%s: %d files of %d KB (%.0f MB), %d rounds%n", name, files, bytes / 1024,
                (double) files * bytes / (1 << 20), rounds);
        Path warmup = work.resolve("warmup");
        FolderPeersBenchmark.generate(warmup, Math.min(WARMUP_FILES, files), bytes);
        int copies = 0;
        for (Copier copier : copiers.values()) {
            String target = "warmup-" + copies++;
            copier.copy(warmup, target, work.resolve("scratch"), Math.min(WARMUP_FILES, files));
            verify(warmup, server.files().resolve(target));
            Benchmarks.deleteTree(server.files().resolve(target));
            Benchmarks.deleteTree(work.resolve("scratch"));
        }
        Benchmarks.deleteTree(warmup);
        Map<String, List<Double>> seconds = new LinkedHashMap<>();
        copiers.keySet().forEach(copier -> seconds.put(copier, new ArrayList<>()));
        List<String> names = new ArrayList<>(copiers.keySet());
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < names.size(); turn++) {
                String copier = names.get((round + turn) % names.size());
                String target = name.replace(' ', '-') + "-" + round + "-" + turn;
                Path scratch = Files.createDirectories(work.resolve("scratch"));
                FolderPeersBenchmark.run("sync");
                long start = System.nanoTime();
                copiers.get(copier).copy(source, target, scratch, files);
                double took = (System.nanoTime() - start) / 1e9;
                verify(source, server.files().resolve(target));
                seconds.get(copier).add(took);
                System.out.printf("  round %d  %-12s %7.2f s  %7.1f files/s  (verified)%n", round + 1, copier, took, files / took);
                Benchmarks.deleteTree(server.files().resolve(target));
                Benchmarks.deleteTree(scratch);
            }
        }
        Benchmarks.deleteTree(source);
        System.out.printf("medians of %d rounds%n", rounds);
        Map<String, Double> median = new LinkedHashMap<>();
        seconds.forEach((copier, list) -> median.put(copier, FolderPeersBenchmark.median(list)));
        double megabytes = (double) files * bytes / (1 << 20);
        median.forEach((copier, s) -> System.out.printf("  %-12s %7.2f s %8.1f MB/s %8.1f files/s  rounds %s%n", copier, s,
                megabytes / s, files / s, FolderPeersBenchmark.list(seconds.get(copier))));
        double ratio = median.get("dtp") / median.get("rclone copy");
        System.out.printf("  dtp / rclone copy  %.2f%n", ratio);
        return ratio;
    }

    /** The engine as a node runs it: localfs to the drive's folder {@code to}, made first (the importer requires it). */
    private static void dtp(DavClient client, DavAccount account, ApacheDav server, Path from, String to, Path scratch,
                            int files) throws Exception {
        client.makeFolder(account, URI.create(server.url() + to + "/"));
        LocalFolderSettings folders = new LocalFolderSettings(List.of(), LocalFolderSettings.defaults().pageSize(), false);
        try (BenchmarkEngine engine = new BenchmarkEngine(scratch.resolve("jobstore"), 4)) {
            engine.exporter("localfs", Vertical.MEDIA, new LocalFolderMediaExporter(folders))
                    .importer("webdav", Vertical.MEDIA, new WebDavMediaImporter(new WebDavDriveConnector(client, PAGE_SIZE, FILES_AT_ONCE)));
            engine.run(Vertical.MEDIA, new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, from.toAbsolutePath().toString())),
                    new TransferEndpoint("webdav", Map.of(DavAccount.URL, server.url().toString(), DavAccount.USERNAME, ApacheDav.USER,
                            DavAccount.PASSWORD, ApacheDav.PASSWORD, "folder", to)), files);
        }
    }

    /**
     * Every source file is in {@code copy} (the server's own folder on disk) at the same relative path with the same
     * bytes, and {@code copy} holds no other visible file (dtp's sidecars are hidden or named *.dtp.json).
     */
    private static void verify(Path source, Path copy) throws IOException {
        List<Path> expected = files(source);
        for (Path file : expected) {
            Path copied = copy.resolve(source.relativize(file).toString());
            if (!Files.isRegularFile(copied, LinkOption.NOFOLLOW_LINKS) || Files.mismatch(file, copied) != -1) {
                throw new IllegalStateException(copied + " is missing or differs from " + file);
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

    private static String output(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(process.getInputStream().readAllBytes()).strip();
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command[0], command[1]) + " failed");
        }
        return out;
    }
}
