package org.dtp.formats.files;

import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The file extensions the folder layout treats as photos and videos, their content types, and the file name an item
 * is stored under.
 */
public final class MediaTypes {

    /** One recognised extension (lower case, no dot). */
    public record MediaType(String extension, MediaKind kind, String contentType) {
        /** TIFF-structured files, read with random access rather than as a stream. */
        public boolean tiffFamily() {
            return switch (extension) {
                case "tif", "tiff", "dng", "cr2", "nef", "arw" -> true;
                default -> false;
            };
        }
    }

    private static final Map<String, MediaType> BY_EXTENSION = new LinkedHashMap<>();

    static {
        photo("jpg", "image/jpeg");
        photo("jpeg", "image/jpeg");
        photo("png", "image/png");
        photo("gif", "image/gif");
        photo("heic", "image/heic");
        photo("heif", "image/heif");
        photo("webp", "image/webp");
        photo("tif", "image/tiff");
        photo("tiff", "image/tiff");
        photo("bmp", "image/bmp");
        photo("dng", "image/x-adobe-dng");
        photo("cr2", "image/x-canon-cr2");
        photo("nef", "image/x-nikon-nef");
        photo("arw", "image/x-sony-arw");
        video("mp4", "video/mp4");
        video("mov", "video/quicktime");
        video("m4v", "video/x-m4v");
        video("avi", "video/x-msvideo");
        video("mkv", "video/x-matroska");
        video("webm", "video/webm");
        video("3gp", "video/3gpp");
        video("mts", "video/mp2t");
    }

    private MediaTypes() {
    }

    /** The media type of a file name, by its extension (any case); empty for other files. */
    public static Optional<MediaType> of(String fileName) {
        String extension = FileNames.extension(fileName);
        return extension.isEmpty() ? Optional.empty()
                : Optional.ofNullable(BY_EXTENSION.get(extension.toLowerCase(Locale.ROOT)));
    }

    /** The first extension registered for a content type (parameters ignored), e.g. {@code jpg} for image/jpeg. */
    public static Optional<String> extensionFor(String contentType) {
        if (contentType == null) {
            return Optional.empty();
        }
        int semicolon = contentType.indexOf(';');
        String bare = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
        return BY_EXTENSION.values().stream().filter(t -> t.contentType().equals(bare)).map(MediaType::extension).findFirst();
    }

    /**
     * The file name {@code item} is stored under: its own name sanitised ({@link FileNames#sanitise}), with an extension
     * {@link #of} recognises added when it has none (taken from its content type), so that it is found again on export.
     */
    public static String storedName(MediaItem item) {
        String fallback = item.kind() == MediaKind.VIDEO ? "video" : "photo";
        String name = FileNames.sanitise(item.fileName(), fallback);
        if (of(name).isPresent()) {
            return name;
        }
        Optional<String> extension = extensionFor(item.content().contentType());
        return extension.map(e -> FileNames.sanitise(name + "." + e, fallback)).orElse(name);
    }

    private static void photo(String extension, String contentType) {
        BY_EXTENSION.put(extension, new MediaType(extension, MediaKind.PHOTO, contentType));
    }

    private static void video(String extension, String contentType) {
        BY_EXTENSION.put(extension, new MediaType(extension, MediaKind.VIDEO, contentType));
    }
}
