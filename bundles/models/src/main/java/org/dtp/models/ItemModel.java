package org.dtp.models;

import java.util.List;

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
}
