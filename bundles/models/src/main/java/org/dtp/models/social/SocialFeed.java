package org.dtp.models.social;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/** A feed of posts: a person's timeline, a page, a channel. */
@Schema(name = "dtp.social.feed")
public record SocialFeed(String id, String name) implements ContainerModel {
    public SocialFeed {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
