package org.dtp.benchmarks;

import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.contacts.LocalFolderContactImporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
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
import org.dtp.transfer.TransferJob;

import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a re-run costs once everything was copied: {@code --contacts} generated contacts and {@code --photos}
 * generated photos of {@code --photo-kb} KB (in-memory sources) go to the localfs importers (vCard files and photo
 * files on disk, {@code syncToDisk=false}) through the engine (H2 job store on disk), then the same transfers run
 * again, unchanged. It prints each run's time, the second's share of the first (issue 22's target: at most 5 %) and
 * the import calls of the second (target: none). Not a timed test: it prints figures.
 */
public final class RerunBenchmark {
    private static final int PAGE = 1000;

    private RerunBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Integer> given = new java.util.HashMap<>(Map.of("--contacts", 100_000, "--photos", 10_000,
                "--photo-kb", 64));
        for (int i = 0; i + 1 < args.length; i += 2) {
            given.put(args[i], Integer.parseInt(args[i + 1]));
        }
        Path work = Files.createTempDirectory("dtp-rerun-benchmark");
        LocalFolderConfig config = new LocalFolderConfig() {
            @Override public String[] allowedRoots() { return new String[0]; }
            @Override public int pageSize() { return 100; }
            @Override public boolean syncToDisk() { return false; }
            @Override public int changeTimeMarginSeconds() { return 2; }
            @Override public Class<? extends Annotation> annotationType() { return LocalFolderConfig.class; }
        };
        Counting<?, ?> contacts = new Counting<>(new LocalFolderContactImporter(config));
        Counting<?, ?> photos = new Counting<>(new LocalFolderMediaImporter(config));
        int contactCount = given.get("--contacts");
        int photoCount = given.get("--photos");
        try (BenchmarkEngine engine = new BenchmarkEngine(work.resolve("jobstore"), 4)) {
            engine.exporter("generated", Vertical.CONTACTS, new EngineScaleBenchmark.ContactSource(contactCount).exporter)
                    .exporter("generated", Vertical.MEDIA, new PhotoSource(photoCount, given.get("--photo-kb") * 1024).exporter)
                    .importer("localfs", Vertical.CONTACTS, contacts)
                    .importer("localfs", Vertical.MEDIA, photos);
            TransferEndpoint source = new TransferEndpoint("generated", Map.of("library", "benchmark"));
            TransferEndpoint contactFolder = new TransferEndpoint("localfs", Map.of("path", folder(work, "contacts")));
            TransferEndpoint photoFolder = new TransferEndpoint("localfs", Map.of("path", folder(work, "photos")));

            double[] first = new double[2];
            double[] second = new double[2];
            long[] callsBefore = new long[2];
            for (int run = 0; run < 2; run++) {
                double[] times = run == 0 ? first : second;
                callsBefore[run] = contacts.calls.get() + photos.calls.get();
                times[0] = timed(engine, Vertical.CONTACTS, source, contactFolder, run == 0 ? contactCount : 0);
                times[1] = timed(engine, Vertical.MEDIA, source, photoFolder, run == 0 ? photoCount : 0);
            }
            long secondCalls = contacts.calls.get() + photos.calls.get() - callsBefore[1];
            System.out.printf("%nRe-run over unchanged items (engine, H2 job store on disk; localfs destination, no fsync)%n");
            System.out.printf("%,9d contacts:            first %8.2f s, re-run %6.2f s = %5.1f %%%n", contactCount,
                    first[0], second[0], 100 * second[0] / first[0]);
            System.out.printf("%,9d photos of %d KB:     first %8.2f s, re-run %6.2f s = %5.1f %%%n", photoCount,
                    given.get("--photo-kb"), first[1], second[1], 100 * second[1] / first[1]);
            double total1 = first[0] + first[1];
            double total2 = second[0] + second[1];
            System.out.printf("together:                     first %8.2f s, re-run %6.2f s = %5.1f %% (target: at most 5 %%)%n",
                    total1, total2, 100 * total2 / total1);
            System.out.printf("import calls (items and containers) of the re-run: %d (target: 0)%n", secondCalls);
        }
    }

    private static String folder(Path work, String name) throws java.io.IOException {
        return Files.createDirectories(work.resolve(name)).toAbsolutePath().toString();
    }

    /** Runs a transfer and returns its seconds; it must complete having written {@code written} items. */
    private static double timed(BenchmarkEngine engine, Vertical vertical, TransferEndpoint from, TransferEndpoint to,
                                long written) throws Exception {
        long start = System.nanoTime();
        TransferJob job = engine.run(vertical, from, to, written);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (job.errors() != 0) {
            throw new IllegalStateException(vertical + ": " + job.errors() + " errors");
        }
        return seconds;
    }

    /** An importer that counts every call that writes to the destination, then does it. */
    private static final class Counting<C extends ContainerModel, I extends ItemModel> implements Importer<C, I> {
        final AtomicLong calls = new AtomicLong();
        private final Importer<C, I> delegate;

        Counting(Importer<C, I> delegate) {
            this.delegate = delegate;
        }

        @Override
        public int concurrency() {
            return delegate.concurrency();
        }

        @Override
        public String importContainer(ImportContext context, String key, C container, String parentId)
                throws AdapterException {
            calls.incrementAndGet();
            return delegate.importContainer(context, key, container, parentId);
        }

        @Override
        public String importItem(ImportContext context, String key, I item, String containerId) throws AdapterException {
            calls.incrementAndGet();
            return delegate.importItem(context, key, item, containerId);
        }

        @Override
        public String updateItem(ImportContext context, String key, I item, String containerId, String destinationId)
                throws AdapterException {
            calls.incrementAndGet();
            return delegate.updateItem(context, key, item, containerId, destinationId);
        }
    }

    /** {@code count} photos of {@code bytes} random bytes each in one album, generated page by page. */
    private static final class PhotoSource {
        final Exporter<PhotoAlbum, MediaItem> exporter;

        PhotoSource(int count, int bytes) {
            this.exporter = new Exporter<>() {
                @Override
                public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) {
                    if (cursor.isRoot()) {
                        return new ExportPage<>(List.of(new PhotoAlbum("album", "Benchmark", null)), List.of(), null);
                    }
                    int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
                    int to = Math.min(count, from + PAGE);
                    List<MediaItem> page = new ArrayList<>(to - from);
                    for (int i = from; i < to; i++) {
                        page.add(MediaItem.builder().id("photo-" + i).kind(MediaKind.PHOTO).fileName("photo-" + i + ".jpg")
                                .title("Photo " + i).content(new MediaRef("photo-" + i, "image/jpeg", bytes)).build());
                    }
                    return new ExportPage<>(List.of(), page, to < count ? Integer.toString(to) : null);
                }

                @Override
                public InputStream openMedia(TransferContext context, MediaRef ref) {
                    byte[] data = new byte[bytes];
                    new Random(ref.uri().hashCode()).nextBytes(data);
                    return new java.io.ByteArrayInputStream(data);
                }
            };
        }
    }
}
