package org.dtp.models.media;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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

    /** When it was taken; a photo or video whose source tells no such time has none. */
    @Override
    @JsonIgnore
    public Optional<Instant> selectionInstant() {
        return Optional.ofNullable(takenAt);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this MediaItem's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link MediaItem} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     */
    public static final class Builder {
        private String id;
        private MediaKind kind;
        private String fileName;
        private String title;
        private String description;
        private Instant takenAt;
        private GeoLocation location;
        private Integer width;
        private Integer height;
        private Map<String, String> exif;
        private MediaRef content;

        private Builder() {
        }

        private Builder(MediaItem source) {
            id = source.id;
            kind = source.kind;
            fileName = source.fileName;
            title = source.title;
            description = source.description;
            takenAt = source.takenAt;
            location = source.location;
            width = source.width;
            height = source.height;
            exif = source.exif;
            content = source.content;
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder kind(MediaKind kind) {
            this.kind = kind;
            return this;
        }

        public Builder fileName(String fileName) {
            this.fileName = fileName;
            return this;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder takenAt(Instant takenAt) {
            this.takenAt = takenAt;
            return this;
        }

        public Builder location(GeoLocation location) {
            this.location = location;
            return this;
        }

        public Builder width(Integer width) {
            this.width = width;
            return this;
        }

        public Builder height(Integer height) {
            this.height = height;
            return this;
        }

        public Builder exif(Map<String, String> exif) {
            this.exif = exif;
            return this;
        }

        public Builder content(MediaRef content) {
            this.content = content;
            return this;
        }

        /** The MediaItem; throws as the canonical constructor does when the components break its rules. */
        public MediaItem build() {
            return new MediaItem(id, kind, fileName, title, description, takenAt, location, width, height,
                    exif, content);
        }
    }
}
