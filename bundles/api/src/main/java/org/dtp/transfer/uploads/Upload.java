package org.dtp.transfer.uploads;

import java.time.Instant;
import java.util.Objects;

/**
 * A file its owner uploaded: what the API shows of it. The file itself is reached only through
 * {@link UploadService#file}, for its owner.
 *
 * @param id         unique, random; what a transfer's {@code upload} setting names
 * @param owner      who uploaded it
 * @param name       the file name given at upload, made safe
 * @param size       bytes stored
 * @param sha256     the stored bytes' SHA-256, hex, for the uploader to compare with their copy
 * @param uploadedAt when the upload ended
 * @param expiresAt  when the server deletes it (the operator's retention)
 */
public record Upload(String id, String owner, String name, long size, String sha256, Instant uploadedAt,
                     Instant expiresAt) {
    public Upload {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(uploadedAt, "uploadedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
