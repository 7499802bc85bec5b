package org.dtp.models.playlists;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/** A playlist; {@code owner} is the owner's name or id at the source. */
@Schema(name = "dtp.playlists.playlist")
public record Playlist(String id, String name, String description, boolean publiclyVisible, String owner)
        implements ContainerModel {
    public Playlist {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
