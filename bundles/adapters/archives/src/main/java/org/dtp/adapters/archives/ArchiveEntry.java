package org.dtp.adapters.archives;

/**
 * One entry of an archive part: its position in the part (0 for the first entry, in the order the part lists them:
 * a zip's central directory, a tar's sequence), its path in the archive, its declared size and, for a zip, its
 * compressed size (-1 when the format has none).
 */
public record ArchiveEntry(int index, String name, long size, long compressedSize, boolean directory) {
}
