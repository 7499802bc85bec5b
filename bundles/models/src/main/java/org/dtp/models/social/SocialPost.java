package org.dtp.models.social;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;
import org.dtp.models.media.GeoLocation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

    /** When it was published. */
    @Override
    @JsonIgnore
    public Optional<Instant> selectionInstant() {
        return Optional.ofNullable(publishedAt);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this SocialPost's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link SocialPost} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     */
    public static final class Builder {
        private String id;
        private String author;
        private String text;
        private Instant publishedAt;
        private String url;
        private String language;
        private String inReplyTo;
        private String repostOf;
        private List<String> hashtags;
        private List<String> mentions;
        private GeoLocation location;
        private List<MediaRef> attachments;

        private Builder() {
        }

        private Builder(SocialPost source) {
            id = source.id;
            author = source.author;
            text = source.text;
            publishedAt = source.publishedAt;
            url = source.url;
            language = source.language;
            inReplyTo = source.inReplyTo;
            repostOf = source.repostOf;
            hashtags = source.hashtags;
            mentions = source.mentions;
            location = source.location;
            attachments = source.attachments;
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder author(String author) {
            this.author = author;
            return this;
        }

        public Builder text(String text) {
            this.text = text;
            return this;
        }

        public Builder publishedAt(Instant publishedAt) {
            this.publishedAt = publishedAt;
            return this;
        }

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        public Builder language(String language) {
            this.language = language;
            return this;
        }

        public Builder inReplyTo(String inReplyTo) {
            this.inReplyTo = inReplyTo;
            return this;
        }

        public Builder repostOf(String repostOf) {
            this.repostOf = repostOf;
            return this;
        }

        public Builder hashtags(List<String> hashtags) {
            this.hashtags = hashtags;
            return this;
        }

        public Builder mentions(List<String> mentions) {
            this.mentions = mentions;
            return this;
        }

        public Builder location(GeoLocation location) {
            this.location = location;
            return this;
        }

        public Builder attachments(List<MediaRef> attachments) {
            this.attachments = attachments;
            return this;
        }

        /** The SocialPost; throws as the canonical constructor does when the components break its rules. */
        public SocialPost build() {
            return new SocialPost(id, author, text, publishedAt, url, language, inReplyTo, repostOf, hashtags,
                    mentions, location, attachments);
        }
    }
}
