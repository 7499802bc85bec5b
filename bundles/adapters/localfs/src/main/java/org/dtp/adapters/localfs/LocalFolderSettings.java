package org.dtp.adapters.localfs;

import org.dtp.formats.playlists.PlaylistFormat;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The adapter's configuration, checked, and the rules that turn an endpoint's {@code path} into a folder. */
public record LocalFolderSettings(List<Path> allowedRoots, int pageSize, boolean syncToDisk, Duration changeTimeMargin) {
    /** The endpoint setting naming the folder. */
    public static final String PATH = "path";
    /** The endpoint setting choosing how a mail import stores folders: {@code eml} (default) or {@code mbox}. */
    public static final String MAIL_FORMAT = "mailFormat";
    /** The endpoint setting choosing which files a playlist import writes: any of {@code json,m3u8,xspf} (default all). */
    public static final String PLAYLIST_FORMATS = PlaylistFormat.SETTING;
    static final int DEFAULT_PAGE_SIZE = 100;
    static final int MAX_PAGE_SIZE = 10_000;
    /** The default of {@link LocalFolderConfig#changeTimeMarginSeconds}. */
    static final Duration DEFAULT_CHANGE_TIME_MARGIN = Duration.ofSeconds(2);

    public LocalFolderSettings {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be between 1 and " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        List<Path> roots = new ArrayList<>();
        for (Path root : allowedRoots == null ? List.<Path>of() : allowedRoots) {
            if (!root.isAbsolute()) {
                throw new IllegalArgumentException("allowedRoots entries must be absolute folders, not '" + root + "'");
            }
            roots.add(root.normalize());
        }
        allowedRoots = List.copyOf(roots);
        if (changeTimeMargin == null || changeTimeMargin.isNegative()) {
            throw new IllegalArgumentException("changeTimeMargin must be zero or more, was " + changeTimeMargin);
        }
    }

    /** Settings with the default margin of change feeds. */
    public LocalFolderSettings(List<Path> allowedRoots, int pageSize, boolean syncToDisk) {
        this(allowedRoots, pageSize, syncToDisk, DEFAULT_CHANGE_TIME_MARGIN);
    }

    /** Settings that force every write to disk, the default. */
    public LocalFolderSettings(List<Path> allowedRoots, int pageSize) {
        this(allowedRoots, pageSize, true);
    }

    public static LocalFolderSettings defaults() {
        return new LocalFolderSettings(List.of(), DEFAULT_PAGE_SIZE);
    }

    public static LocalFolderSettings of(LocalFolderConfig config) {
        List<Path> roots = new ArrayList<>();
        for (String entry : config.allowedRoots() == null ? new String[0] : config.allowedRoots()) {
            for (String part : entry.split(",")) {
                if (!part.isBlank()) {
                    roots.add(Paths.get(part.strip()));
                }
            }
        }
        return new LocalFolderSettings(roots, config.pageSize(), config.syncToDisk(),
                Duration.ofSeconds(config.changeTimeMarginSeconds()));
    }

    /**
     * The folder an endpoint names: absolute, normalised, and inside an allowed root. Checked again on
     * every call, so narrowing {@code allowedRoots} also stops running jobs.
     */
    public Path root(TransferEndpoint endpoint) throws InvalidEndpointException {
        String raw = endpoint.require(PATH);
        Path path;
        try {
            path = Paths.get(raw);
        } catch (InvalidPathException e) {
            throw new InvalidEndpointException("the folder '" + raw + "' is not a valid path: " + e.getReason());
        }
        if (!path.isAbsolute()) {
            throw new InvalidEndpointException("the folder '" + raw + "' must be an absolute path");
        }
        path = path.normalize();
        if (!allowed(path)) {
            throw new InvalidEndpointException("the folder '" + path + "' is outside the folders this server allows"
                    + " (allowedRoots of " + LocalFolderConfig.PID + ")");
        }
        return path;
    }

    /** How a mail import stores a folder: a directory of .eml files, or one mbox file. */
    public enum MailFormat { EML, MBOX }

    /** The endpoint's {@link #MAIL_FORMAT}; {@code eml} when it is not given. */
    public static MailFormat mailFormat(TransferEndpoint endpoint) throws InvalidEndpointException {
        String value = endpoint.settings().get(MAIL_FORMAT);
        if (value == null || value.isBlank()) {
            return MailFormat.EML;
        }
        for (MailFormat format : MailFormat.values()) {
            if (format.name().equalsIgnoreCase(value.strip())) {
                return format;
            }
        }
        throw new InvalidEndpointException("the setting '" + MAIL_FORMAT + "' must be 'eml' or 'mbox', not '" + value + "'");
    }

    /** Checks that an endpoint names an existing folder the server can read (an exporter's validate()). */
    public void checkSource(TransferEndpoint source) throws InvalidEndpointException {
        Path root = root(source);
        if (!Files.exists(root)) {
            throw new InvalidEndpointException("the folder '" + root + "' does not exist");
        }
        if (!Files.isDirectory(root)) {
            throw new InvalidEndpointException("'" + root + "' is not a folder");
        }
        if (!Files.isReadable(root) || !Files.isExecutable(root)) {
            throw new InvalidEndpointException("the folder '" + root + "' cannot be read by the server");
        }
    }

    /** The source folder of a running export; it must still exist. */
    public Path sourceRoot(TransferEndpoint source) throws AdapterException {
        Path root = root(source);
        if (!Files.isDirectory(root)) {
            throw new AdapterException("the source folder '" + root + "' does not exist (any more) or is not a folder");
        }
        return root;
    }

    /**
     * Checks that an endpoint names a writable folder, or a missing one whose parent is writable (an
     * importer's validate()).
     */
    public void checkDestination(TransferEndpoint destination) throws InvalidEndpointException {
        Path root = root(destination);
        if (Files.exists(root)) {
            if (!Files.isDirectory(root)) {
                throw new InvalidEndpointException("'" + root + "' is not a folder");
            }
            if (!Files.isWritable(root) || !Files.isExecutable(root)) {
                throw new InvalidEndpointException("the folder '" + root + "' is not writable by the server");
            }
            return;
        }
        Path parent = root.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new InvalidEndpointException("the folder '" + root + "' does not exist, nor does its parent folder '"
                    + parent + "'");
        }
        if (!Files.isWritable(parent) || !Files.isExecutable(parent)) {
            throw new InvalidEndpointException("the folder '" + root + "' does not exist and cannot be created: '"
                    + parent + "' is not writable by the server");
        }
    }

    /** The destination folder of a running import, created if missing (its parent must exist, as validate() checked). */
    public Path destinationRoot(TransferEndpoint destination) throws AdapterException {
        Path root = root(destination);
        if (Files.isDirectory(root)) {
            return root;
        }
        try {
            Files.createDirectory(root);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(root)) {
                throw new AdapterException("'" + root + "' is not a folder");
            }
        } catch (NoSuchFileException e) {
            throw new AdapterException("cannot create the folder '" + root + "': its parent does not exist");
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the folder '" + root + "'", e);
        }
        return root;
    }

    private boolean allowed(Path path) {
        if (allowedRoots.isEmpty()) {
            return true;
        }
        if (allowedRoots.stream().noneMatch(path::startsWith)) {
            return false;
        }
        // A symbolic link inside an allowed root must not lead out of it.
        Path real = realPathOfNearestExisting(path);
        return real != null && allowedRoots.stream().map(LocalFolderSettings::realOrSelf).anyMatch(real::startsWith);
    }

    private static Path realPathOfNearestExisting(Path path) {
        for (Path p = path; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                try {
                    return p.toRealPath();
                } catch (IOException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static Path realOrSelf(Path root) {
        try {
            return root.toRealPath();
        } catch (IOException e) {
            return root;
        }
    }
}
