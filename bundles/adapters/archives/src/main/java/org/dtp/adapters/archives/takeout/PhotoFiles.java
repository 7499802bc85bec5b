package org.dtp.adapters.archives.takeout;

import org.dtp.models.media.MediaKind;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The photo and video files Google Photos holds, by extension, with their content types. */
final class PhotoFiles {
    record Type(MediaKind kind, String contentType) {
    }

    private static final Map<String, Type> BY_EXTENSION = Map.ofEntries(
            Map.entry("jpg", photo("image/jpeg")), Map.entry("jpeg", photo("image/jpeg")),
            Map.entry("png", photo("image/png")), Map.entry("gif", photo("image/gif")),
            Map.entry("heic", photo("image/heic")), Map.entry("heif", photo("image/heif")),
            Map.entry("webp", photo("image/webp")), Map.entry("tif", photo("image/tiff")),
            Map.entry("tiff", photo("image/tiff")), Map.entry("bmp", photo("image/bmp")),
            Map.entry("dng", photo("image/x-adobe-dng")), Map.entry("avif", photo("image/avif")),
            Map.entry("mp4", video("video/mp4")), Map.entry("m4v", video("video/x-m4v")),
            Map.entry("mov", video("video/quicktime")), Map.entry("3gp", video("video/3gpp")),
            Map.entry("avi", video("video/x-msvideo")), Map.entry("mkv", video("video/x-matroska")),
            Map.entry("mpg", video("video/mpeg")), Map.entry("mpeg", video("video/mpeg")),
            Map.entry("wmv", video("video/x-ms-wmv")), Map.entry("webm", video("video/webm")),
            // A Pixel motion photo's video half, as Takeout splits it off ("PXL_....MP" beside "PXL_....MP.jpg").
            Map.entry("mp", video("video/mp4")), Map.entry("mv", video("video/mp4")));

    private PhotoFiles() {
    }

    static Optional<Type> of(String fileName) {
        return Optional.ofNullable(BY_EXTENSION.get(extension(fileName)));
    }

    /** The extension in lower case without its dot, "" when there is none. */
    static String extension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /** The name without its last extension. */
    static String stem(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0 ? fileName : fileName.substring(0, dot);
    }

    private static Type photo(String contentType) {
        return new Type(MediaKind.PHOTO, contentType);
    }

    private static Type video(String contentType) {
        return new Type(MediaKind.VIDEO, contentType);
    }
}
