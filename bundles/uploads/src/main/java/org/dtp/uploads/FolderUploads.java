package org.dtp.uploads;

import org.dtp.transfer.uploads.Upload;
import org.dtp.transfer.uploads.UploadRefusedException;
import org.dtp.transfer.uploads.UploadRefusedException.Reason;
import org.dtp.transfer.uploads.UploadService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Uploads kept as files: {@code <folder>/<owner key>/<id>/<name>}, described by {@code <id>.properties} beside it,
 * which is written last, so an upload exists only once all of it is stored. The owner key is a hash of the owner, so
 * no owner's name becomes a path and one owner's files are never found under another's key. Expired uploads, and
 * what an upload cut off by a crash left ({@code <id>.incoming}), are deleted hourly.
 */
@Component(service = UploadService.class, configurationPid = UploadsConfig.PID)
@Designate(ocd = UploadsConfig.class)
public final class FolderUploads implements UploadService {
    private static final Logger LOG = LoggerFactory.getLogger(FolderUploads.class);
    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");
    private static final String INCOMING = ".incoming";
    private static final String RECORD = ".properties";
    /** How often, in bytes written, the disk's free space is looked at again during an upload. */
    private static final long SPACE_CHECK_BYTES = 64L << 20;
    /** An incoming folder this old belongs to no upload still running. */
    private static final Duration ABANDONED = Duration.ofDays(1);

    private final Path root;
    private final UploadsConfig config;
    private final UploadNames names;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    /** Bytes and places promised to uploads still running, per owner key, so that parallel uploads share the limits. */
    private final Map<String, long[]> reserved = new HashMap<>();
    private final ScheduledExecutorService sweeper;

    @Activate
    public FolderUploads(UploadsConfig config) throws IOException {
        this(config, Clock.systemUTC(), true);
    }

    FolderUploads(UploadsConfig config, Clock clock, boolean sweepHourly) throws IOException {
        this.config = config;
        this.clock = clock;
        this.names = new UploadNames(Arrays.asList(config.extensions()));
        this.root = folder(config);
        Files.createDirectories(root);
        if (sweepHourly) {
            sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "dtp-uploads-retention");
                t.setDaemon(true);
                return t;
            });
            sweeper.scheduleWithFixedDelay(this::sweepQuietly, 0, 1, TimeUnit.HOURS);
        } else {
            sweeper = null;
        }
    }

    @Deactivate
    void deactivate() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
    }

    private static Path folder(UploadsConfig config) {
        if (!config.folder().isBlank()) {
            return Paths.get(config.folder().strip()).toAbsolutePath().normalize();
        }
        String data = System.getProperty("karaf.data");
        return (data != null ? Paths.get(data, "uploads") : Paths.get(System.getProperty("java.io.tmpdir"), "dtp-uploads"))
                .toAbsolutePath().normalize();
    }

    @Override
    public Upload store(String owner, String name, InputStream bytes, long declaredLength)
            throws UploadRefusedException, IOException {
        String fileName = names.checked(name);
        if (declaredLength > config.maxUploadBytes()) {
            throw tooLarge();
        }
        String key = ownerKey(owner);
        Path ownerFolder = root.resolve(key);
        Files.createDirectories(ownerFolder);
        long room = reserve(key, ownerFolder, declaredLength);
        String id = newId();
        Path incoming = ownerFolder.resolve(id + INCOMING);
        try {
            Files.createDirectory(incoming);
            MessageDigest sha256 = sha256();
            long written = copy(bytes, incoming.resolve(fileName), sha256, Math.min(room, config.maxUploadBytes()));
            if (written == 0 || declaredLength >= 0 && written != declaredLength) {
                throw new UploadRefusedException(Reason.INCOMPLETE, written == 0 ? "the upload is empty"
                        : "the upload ended after " + written + " of the " + declaredLength + " bytes announced");
            }
            Instant now = clock.instant();
            Upload upload = new Upload(id, owner, fileName, written, HexFormat.of().formatHex(sha256.digest()), now,
                    now.plus(Duration.ofDays(Math.max(1, config.retentionDays()))));
            Files.move(incoming, ownerFolder.resolve(id), StandardCopyOption.ATOMIC_MOVE);
            writeRecord(ownerFolder, upload);
            LOG.info("Upload {} of {} bytes stored", id, written);
            return upload;
        } finally {
            release(key, declaredLength < 0 ? room : declaredLength);
            deleteTree(incoming);
        }
    }

    /** Checks the owner's limits and the disk, and holds the room this upload may take; returns it. */
    private long reserve(String key, Path ownerFolder, long declaredLength) throws UploadRefusedException, IOException {
        List<Upload> stored = recordsIn(ownerFolder);
        long storedBytes = stored.stream().mapToLong(Upload::size).sum();
        synchronized (reserved) {
            long[] promised = reserved.computeIfAbsent(key, k -> new long[2]);
            if (stored.size() + promised[1] >= config.maxUploadsPerOwner()) {
                throw new UploadRefusedException(Reason.OWNER_LIMIT, "you keep " + stored.size() + " uploads (and "
                        + promised[1] + " running), the most this server keeps per person is " + config.maxUploadsPerOwner()
                        + ": delete one first (DELETE /api/v1/uploads/{id})");
            }
            long room = config.maxBytesPerOwner() - storedBytes - promised[0];
            if (room <= 0 || declaredLength > room) {
                throw new UploadRefusedException(Reason.OWNER_LIMIT, "your uploads would hold more than the "
                        + config.maxBytesPerOwner() + " bytes this server keeps per person: delete some first");
            }
            long wanted = declaredLength < 0 ? room : declaredLength;
            if (declaredLength >= 0 && Files.getFileStore(root).getUsableSpace() - declaredLength < config.minFreeBytes()) {
                throw noSpace();
            }
            promised[0] += wanted;
            promised[1]++;
            return room;
        }
    }

    private void release(String key, long bytes) {
        synchronized (reserved) {
            long[] promised = reserved.get(key);
            promised[0] -= bytes;
            if (--promised[1] == 0) {
                reserved.remove(key);
            }
        }
    }

    private long copy(InputStream in, Path file, MessageDigest digest, long limit) throws IOException, UploadRefusedException {
        byte[] buffer = new byte[1 << 16];
        long written = 0;
        long nextSpaceCheck = SPACE_CHECK_BYTES;
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                written += n;
                if (written > limit) {
                    throw written > config.maxUploadBytes() ? tooLarge() : new UploadRefusedException(Reason.OWNER_LIMIT,
                            "your uploads would hold more than the " + config.maxBytesPerOwner()
                                    + " bytes this server keeps per person: delete some first");
                }
                if (written >= nextSpaceCheck) {
                    if (Files.getFileStore(root).getUsableSpace() < config.minFreeBytes()) {
                        throw noSpace();
                    }
                    nextSpaceCheck += SPACE_CHECK_BYTES;
                }
                digest.update(buffer, 0, n);
                out.write(buffer, 0, n);
            }
        }
        return written;
    }

    private UploadRefusedException tooLarge() {
        return new UploadRefusedException(Reason.TOO_LARGE, "an upload may have at most " + config.maxUploadBytes()
                + " bytes on this server; split the archive into parts (Takeout offers parts of 2 to 50 GB)");
    }

    private static UploadRefusedException noSpace() {
        return new UploadRefusedException(Reason.NO_SPACE, "the server has not the room for this upload now");
    }

    @Override
    public List<Upload> list(String owner) {
        List<Upload> uploads = new ArrayList<>();
        try {
            for (Path ownerFolder : owner == null ? ownerFolders() : List.of(root.resolve(ownerKey(owner)))) {
                uploads.addAll(recordsIn(ownerFolder));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the uploads cannot be listed: " + e.getMessage(), e);
        }
        uploads.sort(Comparator.comparing(Upload::uploadedAt).reversed());
        return List.copyOf(uploads);
    }

    @Override
    public Optional<Upload> find(String owner, String id) {
        if (id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        try {
            for (Path ownerFolder : owner == null ? ownerFolders() : List.of(root.resolve(ownerKey(owner)))) {
                Optional<Upload> upload = readRecord(ownerFolder.resolve(id + RECORD));
                if (upload.isPresent() && (owner == null || upload.get().owner().equals(owner))) {
                    return upload;
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the upload " + id + " cannot be read: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean delete(String owner, String id) throws IOException {
        Optional<Upload> upload = find(owner, id);
        if (upload.isEmpty()) {
            return false;
        }
        remove(root.resolve(ownerKey(upload.get().owner())), id);
        LOG.info("Upload {} deleted", id);
        return true;
    }

    @Override
    public Optional<Path> file(String owner, String id) {
        java.util.Objects.requireNonNull(owner, "a transfer's upload is looked up for its owner");
        return find(owner, id).map(u -> root.resolve(ownerKey(owner)).resolve(u.id()).resolve(u.name()))
                .filter(Files::isRegularFile);
    }

    /** Deletes expired uploads and what uploads cut off by a crash left. */
    void sweep() throws IOException {
        Instant now = clock.instant();
        for (Path ownerFolder : ownerFolders()) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(ownerFolder)) {
                for (Path entry : entries) {
                    String name = entry.getFileName().toString();
                    if (name.endsWith(RECORD)) {
                        Optional<Upload> upload = readRecord(entry, true);
                        if (upload.isPresent() && !upload.get().expiresAt().isAfter(now)) {
                            remove(ownerFolder, upload.get().id());
                            LOG.info("Upload {} deleted: kept {} days", upload.get().id(), config.retentionDays());
                        }
                    } else if (name.endsWith(INCOMING)
                            && Files.getLastModifiedTime(entry).toInstant().isBefore(now.minus(ABANDONED))) {
                        deleteTree(entry);
                    }
                }
            }
        }
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Expired uploads could not all be deleted: {}", e.toString());
        }
    }

    private List<Path> ownerFolders() throws IOException {
        try (Stream<Path> folders = Files.list(root)) {
            return folders.filter(Files::isDirectory).toList();
        }
    }

    private List<Upload> recordsIn(Path ownerFolder) throws IOException {
        if (!Files.isDirectory(ownerFolder)) {
            return List.of();
        }
        List<Upload> uploads = new ArrayList<>();
        try (DirectoryStream<Path> records = Files.newDirectoryStream(ownerFolder, "*" + RECORD)) {
            for (Path record : records) {
                readRecord(record).ifPresent(uploads::add);
            }
        }
        return uploads;
    }

    private Optional<Upload> readRecord(Path record) throws IOException {
        return readRecord(record, false);
    }

    /** The upload a record describes; an expired one only if {@code expiredToo}, as it is gone for everyone else. */
    private Optional<Upload> readRecord(Path record, boolean expiredToo) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(record)) {
            p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (java.nio.file.NoSuchFileException e) {
            return Optional.empty();
        }
        Upload upload = new Upload(p.getProperty("id"), p.getProperty("owner"), p.getProperty("name"),
                Long.parseLong(p.getProperty("size")), p.getProperty("sha256"), Instant.parse(p.getProperty("uploadedAt")),
                Instant.parse(p.getProperty("expiresAt")));
        return expiredToo || upload.expiresAt().isAfter(clock.instant()) ? Optional.of(upload) : Optional.empty();
    }

    private static void writeRecord(Path ownerFolder, Upload upload) throws IOException {
        Properties p = new Properties();
        p.setProperty("id", upload.id());
        p.setProperty("owner", upload.owner());
        p.setProperty("name", upload.name());
        p.setProperty("size", Long.toString(upload.size()));
        p.setProperty("sha256", upload.sha256());
        p.setProperty("uploadedAt", upload.uploadedAt().toString());
        p.setProperty("expiresAt", upload.expiresAt().toString());
        Path temporary = ownerFolder.resolve(upload.id() + RECORD + ".tmp");
        try (java.io.Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            p.store(out, null);
        }
        Files.move(temporary, ownerFolder.resolve(upload.id() + RECORD), StandardCopyOption.ATOMIC_MOVE);
    }

    /** The record goes first, so the upload is gone for every reader before its bytes are. */
    private static void remove(Path ownerFolder, String id) throws IOException {
        Files.deleteIfExists(ownerFolder.resolve(id + RECORD));
        deleteTree(ownerFolder.resolve(id));
    }

    private static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private String newId() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static String ownerKey(String owner) {
        return HexFormat.of().formatHex(sha256().digest(("dtp upload owner\0" + owner).getBytes(StandardCharsets.UTF_8)), 0, 20);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
