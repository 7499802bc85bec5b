package org.dtp.adapters.archives.social;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;

import java.io.IOException;
import java.util.List;

/**
 * One kind of social network archive (Meta, X, Mastodon): which of its files hold posts, where in each the array of
 * posts is, how one record becomes a {@link SocialPost}, and whose feed it is.
 */
public interface PostArchive {
    /** Something of a post the social model has no place for, reported each time the post is exported. */
    record NotKept(String field, String reason) {
    }

    /** A record read: its post and what of it is not kept, or, when it cannot be a post, why (and its id if any). */
    record Mapped(SocialPost post, List<NotKept> notKept, String rejectedId, String rejectedReason) {
        public static Mapped post(SocialPost post, List<NotKept> notKept) {
            return new Mapped(post, List.copyOf(notKept), null, null);
        }

        public static Mapped rejected(String id, String reason) {
            return new Mapped(null, List.of(), id, reason);
        }

        /** A record that is not a post at all (another kind of activity): neither exported nor an error. */
        public static Mapped skipped() {
            return new Mapped(null, List.of(), null, null);
        }
    }

    /** The files holding posts, in the order their posts are exported. */
    List<ArchiveIndex.Located> postFiles(ArchiveIndex index);

    /** Where each post file's array of posts is: a field of its top-level object, none for the document itself. */
    String[] postsField();

    /** The feed the posts are of (the account), read from the archive. */
    SocialFeed feed(ArchiveIndex index) throws IOException;

    /** One record of the post file {@code file} as a post of {@code feed}, its media looked up in {@code index}. */
    Mapped map(JsonNode record, ArchiveIndex.Located file, SocialFeed feed, ArchiveIndex index);
}
