package org.dtp.adapters.archives.mastodon;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.archives.social.Exports;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** A Mastodon archive as Mastodon's backup writes it (see the test README): outbox.json, actor.json, media_attachments/. */
public class MastodonArchiveTest {
    private static final String ACTOR = "https://mastodon.example/users/ann";
    private static final String PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
    private static final String MEDIA = "media_attachments/files/110/000/001/original/abc123.jpg";

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void postsAndBoostsCarryTheirTextTimeRepliesTagsAndMedia() throws Exception {
        TransferEndpoint archive = archive();
        MastodonPostExporter exporter = new MastodonPostExporter(Exports.settings(2));
        Exports.Result<SocialFeed, SocialPost> result = Exports.exportAll(exporter, archive, true);

        assertEquals(List.of(new SocialFeed(ACTOR, "@ann@mastodon.example")), result.containers());
        List<SocialPost> posts = result.itemsOf(ACTOR);
        assertEquals("the Like is no post", List.of(ACTOR + "/statuses/1", ACTOR + "/statuses/2", ACTOR + "/statuses/3/activity",
                ACTOR + "/statuses/4"), posts.stream().map(SocialPost::id).toList());

        SocialPost hello = posts.get(0);
        assertEquals("Hello #fediverse & @bob\n\nSecond line\nthird", hello.text());
        assertEquals(Instant.parse("2023-05-01T10:00:00Z"), hello.publishedAt());
        assertEquals("https://mastodon.example/@ann/1", hello.url());
        assertEquals("de", hello.language());
        assertEquals(List.of("fediverse"), hello.hashtags());
        assertEquals(List.of("bob@other.example"), hello.mentions());
        assertEquals("image/jpeg", hello.attachments().get(0).contentType());
        assertArrayEquals(media(1), Exports.read(exporter, archive, hello.attachments().get(0)));

        SocialPost reply = posts.get(1);
        assertEquals("https://other.example/users/bob/statuses/99", reply.inReplyTo());
        SocialPost boost = posts.get(2);
        assertEquals("https://other.example/users/bob/statuses/100", boost.repostOf());
        assertNull(boost.text());

        assertEquals(List.of(), fields(result, hello.id(), "visibility"));
        assertTrue(fields(result, hello.id(), "attachments").toString(), fields(result, hello.id(), "attachments").get(0).contains("A cat on a sofa"));
        assertTrue(fields(result, reply.id(), "visibility").get(0).contains("unlisted"));
        assertTrue(fields(result, reply.id(), "contentWarning").get(0).contains("'Spoilers for episode 3'"));
        assertEquals(1, fields(result, reply.id(), "sensitive").size());
        assertTrue(fields(result, posts.get(3).id(), "visibility").get(0).contains("direct"));
        assertEquals(List.of(), fields(result, boost.id(), "visibility"));
    }

    @Test
    public void thePostsMediaAreOneAlbumWithTheirPostsTextAndTime() throws Exception {
        TransferEndpoint archive = archive();
        MastodonMediaExporter exporter = new MastodonMediaExporter(Exports.settings(2));
        Exports.Result<org.dtp.models.media.PhotoAlbum, org.dtp.models.media.MediaItem> result = Exports.exportAll(exporter, archive, true);

        assertEquals(List.of(new org.dtp.models.media.PhotoAlbum(ACTOR, "@ann@mastodon.example",
                "Photos and videos of the posts in the Mastodon archive")), result.containers());
        List<org.dtp.models.media.MediaItem> items = result.itemsOf(ACTOR);
        assertEquals(1, items.size());
        assertEquals("abc123.jpg", items.get(0).fileName());
        assertEquals("Hello #fediverse & @bob\n\nSecond line\nthird", items.get(0).description());
        assertEquals(Instant.parse("2023-05-01T10:00:00Z"), items.get(0).takenAt());
        assertArrayEquals(media(1), Exports.read(exporter, archive, items.get(0).content()));
        assertTrue("the alt text, which the media item has no place for either", fields(result, ACTOR + "/statuses/1", "attachments")
                .get(0).contains("A cat on a sofa"));
        assertEquals(List.of(), fields(result, ACTOR + "/statuses/2", "visibility"));
    }

    private static List<String> fields(Exports.Result<?, ?> result, String id, String field) {
        return result.notKept().stream().filter(n -> n.sourceId().equals(id) && n.field().equals(field))
                .map(TestImportContext.NotKept::reason).toList();
    }

    private TransferEndpoint archive() throws Exception {
        String outbox = "{\"@context\": \"https://www.w3.org/ns/activitystreams\", \"id\": \"outbox.json\", \"type\": \"OrderedCollection\","
                + " \"totalItems\": 5, \"orderedItems\": [\n"
                + create(1, "2023-05-01T10:00:00Z", "[\"" + PUBLIC + "\"]", "[\"" + ACTOR + "/followers\"]", "null", "null", false,
                "<p>Hello <a href=\\\"https://mastodon.example/tags/fediverse\\\" class=\\\"mention hashtag\\\" rel=\\\"tag\\\">#<span>fediverse</span></a>"
                        + " &amp; <span class=\\\"h-card\\\"><a href=\\\"https://other.example/@bob\\\" class=\\\"u-url mention\\\">@<span>bob</span></a></span></p>"
                        + "<p>Second line<br />third</p>",
                "[{\"type\": \"Mention\", \"href\": \"https://other.example/users/bob\", \"name\": \"@bob@other.example\"},"
                        + " {\"type\": \"Hashtag\", \"href\": \"https://mastodon.example/tags/fediverse\", \"name\": \"#fediverse\"}]",
                "[{\"type\": \"Document\", \"mediaType\": \"image/jpeg\", \"url\": \"" + MEDIA + "\", \"name\": \"A cat on a sofa\","
                        + " \"blurhash\": \"UFHx\", \"width\": 1600, \"height\": 1200}]") + ",\n"
                + create(2, "2023-05-02T10:00:00Z", "[\"" + ACTOR + "/followers\"]", "[\"" + PUBLIC + "\"]",
                "\"https://other.example/users/bob/statuses/99\"", "\"Spoilers for episode 3\"", true, "<p>It was the butler</p>", "[]", "[]") + ",\n"
                + "{\"id\": \"" + ACTOR + "/statuses/3/activity\", \"type\": \"Announce\", \"actor\": \"" + ACTOR + "\","
                + " \"published\": \"2023-05-03T10:00:00Z\", \"to\": [\"" + PUBLIC + "\"], \"cc\": [\"https://other.example/users/bob\", \""
                + ACTOR + "/followers\"], \"object\": \"https://other.example/users/bob/statuses/100\"},\n"
                + "{\"id\": \"" + ACTOR + "#likes/7\", \"type\": \"Like\", \"actor\": \"" + ACTOR + "\", \"object\": \"https://other.example/users/bob/statuses/100\"},\n"
                + create(4, "2023-05-04T10:00:00Z", "[\"https://other.example/users/bob\"]", "[]", "null", "null", false,
                "<p><span class=\\\"h-card\\\"><a href=\\\"https://other.example/@bob\\\" class=\\\"u-url mention\\\">@<span>bob</span></a></span> just us</p>",
                "[{\"type\": \"Mention\", \"href\": \"https://other.example/users/bob\", \"name\": \"@bob@other.example\"}]", "[]")
                + "\n]}";
        // A .tar.gz, named as Mastodon names it; media first, as its BackupService writes them.
        Path tgz = temp.getRoot().toPath().resolve("archive-20230601120000-0123456789abcdef0123456789abcdef.tar.gz");
        new TestArchive()
                .add(MEDIA, media(1))
                .add("actor.json", "{\"@context\": [\"https://www.w3.org/ns/activitystreams\"], \"id\": \"" + ACTOR + "\", \"type\": \"Person\","
                        + " \"following\": \"" + ACTOR + "/following\", \"followers\": \"" + ACTOR + "/followers\", \"inbox\": \"" + ACTOR + "/inbox\","
                        + " \"outbox\": \"outbox.json\", \"preferredUsername\": \"ann\", \"name\": \"Ann\", \"summary\": \"<p>Hi</p>\","
                        + " \"url\": \"https://mastodon.example/@ann\", \"icon\": {\"type\": \"Image\", \"mediaType\": \"image/png\", \"url\": \"avatar.png\"}}")
                .add("outbox.json", outbox)
                .add("likes.json", "{\"type\": \"OrderedCollection\", \"orderedItems\": []}")
                .add("avatar.png", media(9))
                .writeTgz(tgz);
        return Exports.endpoint(MastodonPostExporter.PROVIDER, tgz);
    }

    private static String create(int n, String published, String to, String cc, String inReplyTo, String summary, boolean sensitive,
                                 String content, String tags, String attachments) {
        String id = ACTOR + "/statuses/" + n;
        return "{\"id\": \"" + id + "/activity\", \"type\": \"Create\", \"actor\": \"" + ACTOR + "\", \"published\": \"" + published + "\","
                + " \"to\": " + to + ", \"cc\": " + cc + ", \"object\": {\"id\": \"" + id + "\", \"type\": \"Note\", \"summary\": " + summary + ","
                + " \"inReplyTo\": " + inReplyTo + ", \"published\": \"" + published + "\", \"url\": \"https://mastodon.example/@ann/" + n + "\","
                + " \"attributedTo\": \"" + ACTOR + "\", \"to\": " + to + ", \"cc\": " + cc + ", \"sensitive\": " + sensitive + ","
                + " \"conversation\": \"tag:mastodon.example,2023-05-01:objectId=" + n + ":objectType=Conversation\","
                + " \"content\": \"" + content + "\", \"contentMap\": {\"de\": \"" + content + "\"}, \"attachment\": " + attachments + ","
                + " \"tag\": " + tags + ", \"replies\": {\"id\": \"" + id + "/replies\", \"type\": \"Collection\"}}}";
    }

    static byte[] media(int seed) {
        byte[] bytes = new byte[1500 + seed];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
