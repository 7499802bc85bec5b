package org.dtp.adapters.archives.mastodon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;
import org.dtp.adapters.archives.social.PostArchive;
import org.dtp.models.MediaRef;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The posts of a Mastodon archive: {@code outbox.json}, an ActivityStreams 2.0 {@code OrderedCollection} whose
 * {@code orderedItems} are the account's {@code Create} activities (a {@code Note}, or a poll's {@code Question},
 * with its HTML {@code content}, {@code published}, {@code inReplyTo}, {@code summary} (a content warning),
 * {@code sensitive}, {@code tag}s and {@code attachment}s) and {@code Announce}s (boosts of another's post);
 * {@code to} and {@code cc} say who could read it. The media files are under {@code media_attachments/}; the
 * account is {@code actor.json}.
 */
final class MastodonPosts implements PostArchive {
    private static final Pattern OUTBOX = Pattern.compile("(?:.*/)?outbox\\.json");
    private static final Pattern ACTOR = Pattern.compile("(?:.*/)?actor\\.json");
    /** Who "everyone" is in ActivityPub addressing, in its three spellings. */
    private static final List<String> PUBLIC = List.of("https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public");
    /** An actor file is a few KB (its keys, its profile's fields). */
    private static final long MAX_ACTOR_BYTES = 1024 * 1024;
    private final ObjectMapper json = new ObjectMapper();

    @Override
    public List<Located> postFiles(ArchiveIndex index) {
        return index.matching(name -> OUTBOX.matcher(name).matches());
    }

    @Override
    public String[] postsField() {
        return new String[]{"orderedItems"};
    }

    @Override
    public Reading read(ArchiveIndex index) throws IOException {
        SocialFeed feed = feed(index);
        return new Reading(feed, (record, file) -> map(record, file, feed, index));
    }

    private SocialFeed feed(ArchiveIndex index) throws IOException {
        List<Located> actors = index.matching(name -> ACTOR.matcher(name).matches());
        if (!actors.isEmpty() && actors.get(0).size() <= MAX_ACTOR_BYTES) {
            try (InputStream in = ArchiveIndex.open(actors.get(0))) {
                JsonNode actor = json.readTree(in);
                String id = actor.path("id").asText(null);
                String username = actor.path("preferredUsername").asText(null);
                if (id != null && username != null) {
                    String host = hostOf(id);
                    return new SocialFeed(id, "@" + username + (host == null ? "" : "@" + host));
                }
            }
        }
        return new SocialFeed("mastodon", "Mastodon");
    }

    private Mapped map(JsonNode activity, Located file, SocialFeed feed, ArchiveIndex index) {
        String type = activity.path("type").asText("");
        Instant published = instant(activity.path("published").asText(null));
        if (type.equals("Announce")) {
            JsonNode object = activity.path("object");
            String boosted = object.isTextual() ? object.asText() : object.path("id").asText(null);
            String id = activity.path("id").asText(null);
            if (id == null || boosted == null) {
                return Mapped.rejected(id, "a boost without an id or without the post it boosts");
            }
            List<NotKept> notKept = new ArrayList<>();
            visibility(activity, activity, notKept);
            return Mapped.post(SocialPost.builder().id(id).author(feed.name()).publishedAt(published).repostOf(boosted).build(), notKept);
        }
        if (!type.equals("Create")) {
            return Mapped.skipped();
        }
        JsonNode note = activity.path("object");
        String id = note.path("id").asText(null);
        if (id == null) {
            return Mapped.rejected(activity.path("id").asText(null), "a post without an id");
        }
        List<NotKept> notKept = new ArrayList<>();
        visibility(activity, note, notKept);
        String warning = note.path("summary").asText("");
        if (!warning.isBlank()) {
            notKept.add(new NotKept("contentWarning", "the content warning '" + HtmlText.toText(warning)
                    + "' the text was hidden behind: the social model has no such field"));
        }
        if (note.path("sensitive").asBoolean(false)) {
            notKept.add(new NotKept("sensitive", "its media marked sensitive: the social model has no such mark"));
        }
        if (note.path("type").asText("").equals("Question")) {
            notKept.add(new NotKept("poll", "a poll's options and votes: the social model has no polls"));
        }
        List<String> hashtags = new ArrayList<>();
        List<String> mentions = new ArrayList<>();
        for (JsonNode tag : note.path("tag")) {
            String name = tag.path("name").asText("");
            switch (tag.path("type").asText("")) {
                case "Hashtag" -> hashtags.add(name.startsWith("#") ? name.substring(1) : name);
                case "Mention" -> mentions.add(name.startsWith("@") ? name.substring(1) : name);
                default -> {
                    // Custom emoji (type Emoji): their images are the server's, not the account's.
                }
            }
        }
        List<MediaRef> attachments = new ArrayList<>();
        for (JsonNode attachment : note.path("attachment")) {
            String url = attachment.path("url").asText("");
            Located media = mediaFile(index, file, url);
            if (media != null) {
                attachments.add(ArchiveIndex.ref(media));
            } else {
                notKept.add(new NotKept("attachments", "'" + url + "' is not in the archive"));
            }
            String description = attachment.path("name").asText("");
            if (!description.isBlank()) {
                notKept.add(new NotKept("attachments", "the description (alt text) '" + description + "' of '" + url
                        + "': the social model has none for an attachment"));
            }
        }
        JsonNode languages = note.path("contentMap");
        SocialPost post = SocialPost.builder()
                .id(id)
                .author(feed.name())
                .text(HtmlText.toText(note.path("content").asText(null)))
                .publishedAt(instant(note.path("published").asText(null)) != null ? instant(note.path("published").asText(null)) : published)
                .url(note.path("url").isTextual() ? note.path("url").asText() : id)
                .language(languages.size() == 1 ? languages.fieldNames().next() : null)
                .inReplyTo(note.path("inReplyTo").isTextual() ? note.path("inReplyTo").asText() : null)
                .hashtags(hashtags)
                .mentions(mentions)
                .attachments(attachments)
                .build();
        return Mapped.post(post, notKept);
    }

    /** Reports who could read a post that was not public: the social model has no visibility, so a destination may show it to all. */
    private static void visibility(JsonNode activity, JsonNode object, List<NotKept> notKept) {
        List<String> to = addressees(object.has("to") ? object.path("to") : activity.path("to"));
        List<String> cc = addressees(object.has("cc") ? object.path("cc") : activity.path("cc"));
        String visibility = to.stream().anyMatch(PUBLIC::contains) ? null
                : cc.stream().anyMatch(PUBLIC::contains) ? "unlisted (public, but not in public timelines)"
                : to.stream().anyMatch(a -> a.endsWith("/followers")) ? "followers-only"
                : "direct (only the people it mentions)";
        if (visibility != null) {
            notKept.add(new NotKept("visibility", "posted as " + visibility
                    + ": the social model has no visibility, and a destination may show it to everyone"));
        }
    }

    private static List<String> addressees(JsonNode node) {
        List<String> addressees = new ArrayList<>();
        if (node.isTextual()) {
            addressees.add(node.asText());
        }
        node.forEach(one -> addressees.add(one.asText()));
        return addressees;
    }

    /**
     * The archive's copy of an attachment: its {@code url} is the path in the archive ({@code /media_attachments/...}),
     * in some versions behind the server's address or a {@code /system/} prefix; looked up from the outbox's folder.
     */
    private static Located mediaFile(ArchiveIndex index, Located outbox, String url) {
        int at = url.indexOf("media_attachments/");
        if (at < 0) {
            return null;
        }
        String folder = outbox.entry().substring(0, outbox.entry().lastIndexOf('/') + 1);
        return index.find(folder + url.substring(at));
    }

    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String hostOf(String id) {
        try {
            return URI.create(id).getHost();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
