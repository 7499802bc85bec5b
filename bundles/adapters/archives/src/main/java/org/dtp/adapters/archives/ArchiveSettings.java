package org.dtp.adapters.archives;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The adapter's configuration, checked, and the rules that turn an endpoint's {@code path} into archive parts: a
 * folder gives every .zip, .tgz and .tar.gz in it; one part of a split export ({@code takeout-...-001.zip}) gives
 * all its numbered siblings; any other archive file only itself. Parts are in name order, the order of their
 * numbers, which the export's cursor counts in.
 */
public record ArchiveSettings(List<Path> allowedRoots, List<Path> userRoots, int pageSize, int maxEntries,
                              long maxEntryBytes, int maxCompressionRatio) {
    /** The endpoint setting naming the archive, or the folder of its parts. */
    public static final String PATH = "path";
    /** The endpoint setting naming the archive by the ids of its uploaded parts ({@code POST /api/v1/uploads}), comma separated. */
    public static final String UPLOAD = "upload";
    private static final Pattern UPLOAD_ID = Pattern.compile("[0-9a-f]{32}");
    static final int MAX_PAGE_SIZE = 10_000;
    /** Compression ratios are only judged above this size: small JSON and HTML files compress far better than media. */
    private static final long RATIO_CHECKED_FROM = 1024 * 1024;
    /** Takeout names its parts {@code takeout-<time>-001.zip}, {@code -002.zip}, ... */
    private static final Pattern NUMBERED_PART = Pattern.compile("(.*-)\\d{3}(\\.(?:zip|tgz|tar\\.gz))", Pattern.CASE_INSENSITIVE);

    public ArchiveSettings {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be between 1 and " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        if (maxEntries < 1 || maxEntryBytes < 1 || maxCompressionRatio < 1) {
            throw new IllegalArgumentException("maxEntries, maxEntryBytes and maxCompressionRatio must be positive");
        }
        allowedRoots = absolute("allowedRoots", allowedRoots);
        userRoots = absolute("userRoots", userRoots);
    }

    /** Settings for operators' transfers only (no user roots). */
    public ArchiveSettings(List<Path> allowedRoots, int pageSize, int maxEntries, long maxEntryBytes, int maxCompressionRatio) {
        this(allowedRoots, List.of(), pageSize, maxEntries, maxEntryBytes, maxCompressionRatio);
    }

    private static List<Path> absolute(String what, List<Path> roots) {
        List<Path> checked = new ArrayList<>();
        for (Path root : roots == null ? List.<Path>of() : roots) {
            if (!root.isAbsolute()) {
                throw new IllegalArgumentException(what + " entries must be absolute folders, not '" + root + "'");
            }
            checked.add(root.normalize());
        }
        return List.copyOf(checked);
    }

    public static ArchiveSettings of(ArchivesConfig config) {
        return new ArchiveSettings(paths(config.allowedRoots()), paths(config.userRoots()), config.pageSize(),
                config.maxEntries(), config.maxEntryBytes(), config.maxCompressionRatio());
    }

    private static List<Path> paths(String[] entries) {
        List<Path> roots = new ArrayList<>();
        for (String entry : entries == null ? new String[0] : entries) {
            for (String part : entry.split(",")) {
                if (!part.isBlank()) {
                    roots.add(Paths.get(part.strip()));
                }
            }
        }
        return roots;
    }

    /** Why an entry is not read (larger than allowed, or inflating like a zip bomb), or null when it may be read. */
    public String refusal(ArchiveEntry entry) {
        if (entry.size() > maxEntryBytes) {
            return "refused: declares " + entry.size() + " bytes, more than maxEntryBytes (" + maxEntryBytes + ")";
        }
        if (entry.size() > RATIO_CHECKED_FROM && entry.compressedSize() > 0
                && entry.size() / entry.compressedSize() > maxCompressionRatio) {
            return "refused: inflates " + entry.compressedSize() + " bytes to " + entry.size()
                    + ", more than maxCompressionRatio (" + maxCompressionRatio + ") allows";
        }
        return null;
    }

    /** Whether {@code name} is an archive part this adapter reads. */
    public static boolean isArchive(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".zip") || lower.endsWith(".tgz") || lower.endsWith(".tar.gz");
    }

    /**
     * Checks, before a job exists, that an endpoint names archive parts someone may read: an operator (under
     * {@code allowedRoots}) or an end user (under {@code userRoots}). Who starts the transfer is only known once it
     * runs, where {@link #parts} holds an end user's transfer to the user roots.
     */
    public void checkSource(TransferEndpoint endpoint) throws InvalidEndpointException {
        if (endpoint.settings().containsKey(UPLOAD)) {
            // Whose uploads they are is known once the transfer runs (parts(TransferContext)); here only their form.
            uploadIds(endpoint);
            return;
        }
        try {
            parts(endpoint, true);
        } catch (InvalidEndpointException forOperators) {
            if (userRoots.isEmpty()) {
                throw forOperators;
            }
            parts(endpoint, false);
        }
    }

    /**
     * The parts the transfer's source names, in order: by {@link #UPLOAD}, files its owner uploaded (anyone's transfer,
     * whatever the roots), else by {@link #PATH} (see {@link #parts(TransferEndpoint, boolean)}).
     */
    public List<Path> parts(TransferContext context) throws InvalidEndpointException {
        TransferEndpoint endpoint = context.endpoint();
        if (!endpoint.settings().containsKey(UPLOAD)) {
            return parts(endpoint, context.operatorTransfer());
        }
        List<Path> parts = new ArrayList<>();
        for (String id : uploadIds(endpoint)) {
            Path part = context.upload(id).orElseThrow(() -> new InvalidEndpointException("there is no upload '" + id
                    + "' of yours (any more): uploads are kept a few days, see GET /api/v1/uploads"));
            if (!isArchive(part.getFileName().toString())) {
                throw new InvalidEndpointException("the upload '" + id + "' is not a .zip, .tgz or .tar.gz archive");
            }
            parts.add(part);
        }
        // In the order of their names, as the parts of a folder: Takeout numbers them -001, -002, ...
        parts.sort(java.util.Comparator.comparing(p -> p.getFileName().toString()));
        return List.copyOf(parts);
    }

    private static List<String> uploadIds(TransferEndpoint endpoint) throws InvalidEndpointException {
        if (endpoint.settings().containsKey(PATH)) {
            throw new InvalidEndpointException("name the archive by '" + PATH + "' or by '" + UPLOAD + "', not both");
        }
        List<String> ids = new ArrayList<>();
        for (String id : endpoint.settings().get(UPLOAD).split(",")) {
            String trimmed = id.strip();
            if (!UPLOAD_ID.matcher(trimmed).matches()) {
                throw new InvalidEndpointException("'" + trimmed + "' is not an upload id (32 hex digits, as "
                        + "POST /api/v1/uploads answers)");
            }
            if (!ids.contains(trimmed)) {
                ids.add(trimmed);
            }
        }
        return ids;
    }

    /**
     * The parts an endpoint names, in order, for a transfer the operators run or an end user's; checked on every call,
     * so narrowing the roots also stops running jobs.
     */
    private List<Path> parts(TransferEndpoint endpoint, boolean operatorTransfer) throws InvalidEndpointException {
        Path path = allowedPath(endpoint.require(PATH), operatorTransfer);
        try {
            if (Files.isDirectory(path)) {
                return archivesIn(path, name -> true);
            }
            if (!Files.isRegularFile(path)) {
                throw new InvalidEndpointException("'" + path + "' does not exist (any more)");
            }
            String name = path.getFileName().toString();
            if (!isArchive(name)) {
                throw new InvalidEndpointException("'" + path + "' is not a .zip, .tgz or .tar.gz archive");
            }
            Matcher numbered = NUMBERED_PART.matcher(name);
            if (!numbered.matches()) {
                return List.of(path);
            }
            return archivesIn(path.getParent(), other -> {
                Matcher sibling = NUMBERED_PART.matcher(other);
                return sibling.matches() && sibling.group(1).equals(numbered.group(1))
                        && sibling.group(2).equalsIgnoreCase(numbered.group(2));
            });
        } catch (IOException e) {
            throw new InvalidEndpointException("cannot list the archive parts at '" + path + "': " + e.getMessage());
        }
    }

    private static List<Path> archivesIn(Path folder, java.util.function.Predicate<String> wanted)
            throws IOException, InvalidEndpointException {
        List<Path> parts = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (isArchive(name) && wanted.test(name) && Files.isRegularFile(file)) {
                    parts.add(file);
                }
            }
        }
        if (parts.isEmpty()) {
            throw new InvalidEndpointException("the folder '" + folder + "' holds no .zip, .tgz or .tar.gz archive");
        }
        parts.sort(null);
        return List.copyOf(parts);
    }

    private Path allowedPath(String raw, boolean operatorTransfer) throws InvalidEndpointException {
        Path path;
        try {
            path = Paths.get(raw);
        } catch (InvalidPathException e) {
            throw new InvalidEndpointException("the path '" + raw + "' is not valid: " + e.getReason());
        }
        if (!path.isAbsolute()) {
            throw new InvalidEndpointException("the path '" + raw + "' must be absolute");
        }
        path = path.normalize();
        if (operatorTransfer ? !allowedRoots.isEmpty() && !under(path, allowedRoots) : !under(path, userRoots)) {
            throw new InvalidEndpointException("the path '" + path + "' is outside the folders this server allows"
                    + (operatorTransfer ? " (allowedRoots of " : " end users (userRoots of ") + ArchivesConfig.PID + ")");
        }
        return path;
    }

    private static boolean under(Path path, List<Path> roots) {
        if (roots.stream().noneMatch(path::startsWith)) {
            return false;
        }
        // A symbolic link inside a root must not lead out of it.
        try {
            Path real = path.toRealPath();
            for (Path root : roots) {
                if (Files.exists(root) && real.startsWith(root.toRealPath())) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
