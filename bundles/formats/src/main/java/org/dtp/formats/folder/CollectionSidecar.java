package org.dtp.formats.folder;

/**
 * The sidecar an import leaves in a collection's folder ({@link CollectionKind#sidecarName()}), as the local folder
 * adapter writes it: the key a repeated import finds it by, and what a folder's name cannot say. {@code color} and
 * {@code timeZoneId} only for a calendar; {@code folderName} tells whether the folder was renamed since. Since 1.1.
 */
public record CollectionSidecar(String format, int formatVersion, String idempotencyKey, String sourceId, String name,
                                String description, String color, String timeZoneId, String folderName) {
    public static final int FORMAT_VERSION = 1;
}
