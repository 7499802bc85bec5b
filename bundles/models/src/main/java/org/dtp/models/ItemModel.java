package org.dtp.models;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One item of a vertical: a photo, a contact, an event, a task, a message, a track, a post. */
public interface ItemModel extends DataModel {
    /** The id of this item at its source; stable across pages and restarts. */
    String id();

    /**
     * The media this item refers to (photo and video bytes, raw messages, contact photos). Bytes are
     * never inside a model: the engine streams each reference from the exporter to the importer.
     */
    default List<MediaRef> mediaRefs() {
        return List.of();
    }

    /**
     * The date a transfer's date range selects this item by (when a photo was taken, a message sent, an event
     * starts...; {@link Vertical#itemDate()} names it per vertical), or empty when the item has none. Items of a
     * vertical without such a date never have one. Since 1.2.
     */
    @JsonIgnore
    default Optional<Instant> selectionInstant() {
        return Optional.empty();
    }
}
