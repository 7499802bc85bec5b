package org.dtp.models.media;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A photo or a video. {@code content} refers to the original bytes, which adapters copy untouched;
 * {@code exif} keeps camera metadata read from the original (tag name to value) for destinations
 * that store it apart from the file.
 */
@Schema(name = "dtp.media.item")
public record MediaItem(
        String id,
        MediaKind kind,
        String fileName,
        String title,
        String description,
        Instant takenAt,
        GeoLocation location,
        Integer width,
        Integer height,
        Map<String, String> exif,
        MediaRef content) implements ItemModel {

    public MediaItem {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(content, "content");
        exif = exif == null ? Map.of() : Map.copyOf(exif);
    }

    @Override
    @JsonIgnore
    public List<MediaRef> mediaRefs() {
        return List.of(content);
    }
}
