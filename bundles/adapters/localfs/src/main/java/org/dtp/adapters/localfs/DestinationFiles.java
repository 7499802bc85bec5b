package org.dtp.adapters.localfs;

import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.TransferContext;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Reads back a file an importer of this adapter wrote, by its id (its path under the destination folder), for checking
 * a transfer's receipt against the folder: present when a regular file is there, and for a file that holds an item's
 * media as copied (a photo), the SHA-256 of its bytes now. Never creates the folder, and refuses ids that lead out of it.
 */
public final class DestinationFiles {
    private DestinationFiles() {
    }

    /** The file with the item's media bytes: present, with the SHA-256 of the bytes it holds now. */
    public static Optional<DestinationItem> findMedia(LocalFolderSettings settings, TransferContext context, String id)
            throws AdapterException {
        Optional<Path> file = file(settings, context, id);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        MessageDigest digest = DiskWrites.sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file.get(), LinkOption.NOFOLLOW_LINKS), digest)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot read '" + id + "' back", e);
        }
        return Optional.of(new DestinationItem(id, HexFormat.of().formatHex(digest.digest())));
    }

    /** A file the item was written as (a vCard the adapter made of it): present, with nothing to compare. */
    public static Optional<DestinationItem> find(LocalFolderSettings settings, TransferContext context, String id)
            throws AdapterException {
        return file(settings, context, id).map(file -> DestinationItem.present(id));
    }

    private static Optional<Path> file(LocalFolderSettings settings, TransferContext context, String id) throws AdapterException {
        Path root = settings.root(context.endpoint());
        Path file = FolderLayout.resolve(root, id);
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Optional.of(file) : Optional.empty();
    }
}
