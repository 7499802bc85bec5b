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

    /**
     * What a job reads of the archive once, at its first page: the feed the posts are of (the account), and what
     * else a record's mapping needs from other files of the archive.
     */
    Reading read(ArchiveIndex index) throws IOException;

    /** The archive as one job reads it: its feed, and how a record of one of its post files becomes a post. */
    record Reading(SocialFeed feed, RecordMapping mapping) {
    }

    @FunctionalInterface
    interface RecordMapping {
        /** One record of the post file {@code file} as a post of the feed, its media looked up in the archive. */
        Mapped map(JsonNode record, ArchiveIndex.Located file);
    }
}
