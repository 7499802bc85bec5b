package org.dtp.adapters.localfs;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** The adapter's configuration, checked, and the rules that turn an endpoint's {@code path} into a folder. */
record LocalFolderSettings(List<Path> allowedRoots, int pageSize, boolean syncToDisk) {
    /** The endpoint setting naming the folder. */
    static final String PATH = "path";
    static final int DEFAULT_PAGE_SIZE = 100;
    static final int MAX_PAGE_SIZE = 10_000;

    LocalFolderSettings {
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
    }

    /** Settings that force every write to disk, the default. */
    LocalFolderSettings(List<Path> allowedRoots, int pageSize) {
        this(allowedRoots, pageSize, true);
    }

    static LocalFolderSettings defaults() {
        return new LocalFolderSettings(List.of(), DEFAULT_PAGE_SIZE);
    }

    static LocalFolderSettings of(LocalFolderConfig config) {
        List<Path> roots = new ArrayList<>();
        for (String entry : config.allowedRoots() == null ? new String[0] : config.allowedRoots()) {
            for (String part : entry.split(",")) {
                if (!part.isBlank()) {
                    roots.add(Paths.get(part.strip()));
                }
            }
        }
        return new LocalFolderSettings(roots, config.pageSize(), config.syncToDisk());
    }

    /**
     * The folder an endpoint names: absolute, normalised, and inside an allowed root. Checked again on
     * every call, so narrowing {@code allowedRoots} also stops running jobs.
     */
    Path root(TransferEndpoint endpoint) throws InvalidEndpointException {
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
