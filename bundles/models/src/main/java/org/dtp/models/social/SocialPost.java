package org.dtp.models.social;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;
import org.dtp.models.media.GeoLocation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A post. {@code inReplyTo} and {@code repostOf} are the source ids or URLs of the post answered
 * or shared; {@code language} is a BCP 47 tag; {@code hashtags} are without the leading {@code #},
 * {@code mentions} the handles mentioned. {@code attachments} refer to images and videos.
 */
@Schema(name = "dtp.social.post")
public record SocialPost(
        String id,
        String author,
        String text,
        Instant publishedAt,
        String url,
        String language,
        String inReplyTo,
        String repostOf,
        List<String> hashtags,
        List<String> mentions,
        GeoLocation location,
        List<MediaRef> attachments) implements ItemModel {

    public SocialPost {
        Objects.requireNonNull(id, "id");
        hashtags = hashtags == null ? List.of() : List.copyOf(hashtags);
        mentions = mentions == null ? List.of() : List.copyOf(mentions);
        attachments = attachments == null ? List.of() : List.copyOf(attachments);
    }

    @Override
    @JsonIgnore
    public List<MediaRef> mediaRefs() {
        return attachments;
    }
}
