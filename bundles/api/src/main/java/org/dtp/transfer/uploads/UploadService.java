package org.dtp.transfer.uploads;

import org.osgi.annotation.versioning.ProviderType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Keeps the files people upload for their transfers, each readable by its owner's transfers only. */
@ProviderType
public interface UploadService {
    /**
     * Stores {@code bytes} (read to their end) as a new upload of {@code owner}. Nothing is kept unless all of it was
     * stored: a refused or broken upload leaves no file behind.
     *
     * @param declaredLength the length the client announced, or -1; checked against the limits before reading
     * @throws UploadRefusedException when a limit or the name refuses it
     * @throws IOException            when reading the bytes or writing them failed
     */
    Upload store(String owner, String name, InputStream bytes, long declaredLength) throws UploadRefusedException, IOException;

    /** The uploads of {@code owner} (null: every owner's), newest first. */
    List<Upload> list(String owner);

    /** The upload {@code id} if {@code owner} made it (null owner: whoever made it). */
    Optional<Upload> find(String owner, String id);

    /** Deletes the upload {@code id} of {@code owner} (null owner: whoever made it); false when there is none. */
    boolean delete(String owner, String id) throws IOException;

    /**
     * The stored file of the upload {@code id}, if {@code owner} made it: what a transfer of that owner reads. Empty
     * for another owner's upload, as for one that does not exist.
     */
    Optional<Path> file(String owner, String id);
}
