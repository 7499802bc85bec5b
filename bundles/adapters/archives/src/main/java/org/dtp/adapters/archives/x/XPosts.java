package org.dtp.adapters.archives.x;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;
import org.dtp.adapters.archives.social.JsonRecords;
import org.dtp.adapters.archives.social.PostArchive;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;

import java.io.IOException;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The posts of an X (Twitter) archive: {@code data/tweets.js} and its continuations {@code data/tweets-part1.js},
 * ... ({@code tweet.js} in archives before 2022), each {@code window.YTD.tweets.part0 = [{"tweet": {...}}, ...]}
 * with the v1.1 API's fields: {@code id_str}, {@code full_text} (HTML-escaped, links as t.co addresses; a long
 * post's cut, its whole text in {@code data/note-tweet.js}: {@link XNoteTweets}),
 * {@code created_at}, {@code in_reply_to_status_id_str}, {@code lang}, {@code entities} and
 * {@code extended_entities.media}; a post's media are {@code data/tweets_media/<post id>-<media file name>}. The
 * account is {@code data/account.js}.
 */
final class XPosts implements PostArchive {
    /** Group 1: the file's number in the series (none for the first). */
    private static final Pattern POSTS = Pattern.compile("(?:.*/)?data/tweets?(?:-part(\\d+))?\\.js");
    private static final Pattern ACCOUNT = Pattern.compile("(?:.*/)?data/account\\.js");
    private static final Pattern STATUS_URL = Pattern.compile("https?://(?:www\\.|mobile\\.)?(?:twitter|x)\\.com/[^/]+/status(?:es)?/(\\d+).*");
    private static final DateTimeFormatter CREATED_AT = DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ROOT);

    @Override
    public List<Located> postFiles(ArchiveIndex index) {
        return index.matching(name -> POSTS.matcher(name).matches()).stream()
                .sorted(Comparator.comparingInt(XPosts::partNumber))
                .toList();
    }

    private static int partNumber(Located file) {
        Matcher matcher = POSTS.matcher(file.entry());
        matcher.matches();
        String digits = matcher.group(1);
        return digits == null ? 0 : digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
    }

    @Override
    public String[] postsField() {
        return new String[0];
    }

    @Override
    public Reading read(ArchiveIndex index) throws IOException {
        SocialFeed feed = feed(index);
        XNoteTweets notes = XNoteTweets.read(index);
        return new Reading(feed, (record, file) -> map(record, file, feed, index, notes));
    }

    private static SocialFeed feed(ArchiveIndex index) throws IOException {
        List<Located> files = index.matching(name -> ACCOUNT.matcher(name).matches());
        if (!files.isEmpty()) {
            try (JsonRecords records = JsonRecords.open(ArchiveIndex.open(files.get(0)))) {
                JsonNode account = records.next();
                String id = account == null ? null : account.path("account").path("accountId").asText(null);
                String username = account == null ? null : account.path("account").path("username").asText(null);
                if (id != null && username != null) {
                    return new SocialFeed(id, "@" + username);
                }
            }
        }
        return new SocialFeed("x", "X");
    }

    private static Mapped map(JsonNode record, Located file, SocialFeed feed, ArchiveIndex index, XNoteTweets notes) {
        JsonNode tweet = record.has("tweet") ? record.path("tweet") : record;
        String id = tweet.path("id_str").asText(tweet.path("id").asText(""));
        if (!id.matches("[0-9]+")) {
            return Mapped.rejected(null, "a post without a usable id");
        }
        List<NotKept> notKept = new ArrayList<>();
        String text = unescape(tweet.path("full_text").asText(tweet.path("text").asText("")));
        String quoted = null;
        List<String> hashtags = new ArrayList<>();
        List<String> mentions = new ArrayList<>();
        JsonNode entities = tweet.path("entities");
        entities.path("hashtags").forEach(tag -> hashtags.add(tag.path("text").asText()));
        entities.path("user_mentions").forEach(mention -> mentions.add(mention.path("screen_name").asText()));
        for (JsonNode url : entities.path("urls")) {
            String shortened = url.path("url").asText("");
            String expanded = url.path("expanded_url").asText("");
            if (!shortened.isEmpty() && !expanded.isEmpty()) {
                text = text.replace(shortened, expanded);
            }
            if (STATUS_URL.matcher(expanded).matches() && quoted == null) {
                quoted = expanded;
            }
        }
        List<MediaRef> attachments = new ArrayList<>();
        JsonNode media = tweet.path("extended_entities").path("media");
        for (JsonNode one : media.isArray() ? media : entities.path("media")) {
            // The media's own t.co address ends the text; the attachment replaces it.
            String shortened = one.path("url").asText("");
            if (!shortened.isEmpty()) {
                text = text.replace(shortened, "").strip();
            }
            Located found = mediaFile(index, file, id, one);
            if (found != null) {
                attachments.add(ArchiveIndex.ref(found));
            } else {
                notKept.add(new NotKept("attachments", "the " + one.path("type").asText("media") + " "
                        + one.path("media_url_https").asText(one.path("id_str").asText()) + " is not in the archive"));
            }
        }
        Instant published = createdAt(tweet.path("created_at").asText(null));
        String inReplyTo = tweet.path("in_reply_to_status_id_str").asText(null);
        XNoteTweets.Note note = notes.of(published, text, inReplyTo != null);
        if (note != null) {
            // A long post: the posts file cut it; its whole text is the note's (with a reply's mentions before it).
            String mentioned = XNoteTweets.leadingMentions(text);
            text = note.text().startsWith(mentioned) ? note.text() : mentioned + note.text();
            note.hashtags().stream().filter(tag -> !hashtags.contains(tag)).forEach(hashtags::add);
            note.mentions().stream().filter(name -> !mentions.contains(name)).forEach(mentions::add);
        }
        GeoLocation location = null;
        JsonNode point = tweet.path("coordinates").path("coordinates");
        if (point.size() == 2) {
            try {
                location = new GeoLocation(Double.parseDouble(point.path(1).asText()), Double.parseDouble(point.path(0).asText()), null);
            } catch (IllegalArgumentException e) {
                notKept.add(new NotKept("location", "coordinates that are not numbers: " + point));
            }
        }
        if (tweet.path("possibly_sensitive").asBoolean(false)) {
            notKept.add(new NotKept("sensitive", "marked as possibly sensitive: the social model has no such mark"));
        }
        String username = feed.name().startsWith("@") ? feed.name().substring(1) : null;
        SocialPost post = SocialPost.builder()
                .id(id)
                .author(feed.name())
                .text(text)
                .publishedAt(published)
                .url(username == null ? null : "https://x.com/" + username + "/status/" + id)
                .language(language(tweet.path("lang").asText(null)))
                .inReplyTo(inReplyTo)
                .repostOf(quoted)
                .hashtags(hashtags)
                .mentions(mentions)
                .location(location)
                .attachments(attachments)
                .build();
        return Mapped.post(post, notKept);
    }

    /**
     * The file of one media of a post: {@code <post id>-<name>} in the media folder beside the posts file, the name
     * being the last segment of the photo's address or, for a video or GIF, of one of its variants' (without the
     * query). Exact look-ups, never a scan.
     */
    private static Located mediaFile(ArchiveIndex index, Located postsFile, String id, JsonNode media) {
        String folder = postsFile.entry().substring(0, postsFile.entry().lastIndexOf('/') + 1);
        Set<String> names = new LinkedHashSet<>();
        names.add(lastSegment(media.path("media_url_https").asText(media.path("media_url").asText(""))));
        media.path("video_info").path("variants").forEach(variant -> names.add(lastSegment(variant.path("url").asText(""))));
        for (String mediaFolder : List.of("tweets_media/", "tweet_media/")) {
            for (String name : names) {
                Located found = name.isEmpty() ? null : index.find(folder + mediaFolder + id + "-" + name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static String lastSegment(String url) {
        int query = url.indexOf('?');
        String path = query < 0 ? url : url.substring(0, query);
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** X's "und" (undetermined) and "zxx" (no linguistic content) are no language. */
    private static String language(String lang) {
        return lang == null || lang.equals("und") || lang.equals("zxx") || lang.equals("qme") ? null : lang;
    }

    private static Instant createdAt(String text) {
        try {
            return text == null ? null : ZonedDateTime.parse(text, CREATED_AT).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The archive's text is escaped as in HTML: {@code &amp;}, {@code &lt;}, {@code &gt;}. */
    static String unescape(String text) {
        return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
