package org.dtp.adapters.archives.social;

import org.dtp.models.media.MediaKind;

import java.util.Locale;
import java.util.Map;

/** Content types and kinds of the media files social networks' archives hold, by extension. */
public final class MediaTypes {
    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"), Map.entry("png", "image/png"),
            Map.entry("gif", "image/gif"), Map.entry("webp", "image/webp"), Map.entry("heic", "image/heic"),
            Map.entry("avif", "image/avif"), Map.entry("bmp", "image/bmp"), Map.entry("tif", "image/tiff"),
            Map.entry("tiff", "image/tiff"), Map.entry("mp4", "video/mp4"), Map.entry("m4v", "video/x-m4v"),
            Map.entry("mov", "video/quicktime"), Map.entry("webm", "video/webm"), Map.entry("3gp", "video/3gpp"),
            Map.entry("mp3", "audio/mpeg"), Map.entry("ogg", "audio/ogg"), Map.entry("m4a", "audio/mp4"));

    private MediaTypes() {
    }

    /** The content type of a file by its extension; application/octet-stream when not known. */
    public static String of(String fileName) {
        int dot = fileName.lastIndexOf('.');
        String extension = dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
        return BY_EXTENSION.getOrDefault(extension, "application/octet-stream");
    }

    /** Whether a file is a photo or a video the media vertical carries. */
    public static boolean isPhotoOrVideo(String fileName) {
        return kindOf(fileName) != null;
    }

    /** A photo's or video's kind by its content type, or null for anything else. */
    public static MediaKind kindOf(String fileName) {
        String type = of(fileName);
        return type.startsWith("image/") ? MediaKind.PHOTO : type.startsWith("video/") ? MediaKind.VIDEO : null;
    }
}
