package org.dtp.models.media;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/** An album (or folder) of photos and videos. */
@Schema(name = "dtp.media.album")
public record PhotoAlbum(String id, String name, String description) implements ContainerModel {
    public PhotoAlbum {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
