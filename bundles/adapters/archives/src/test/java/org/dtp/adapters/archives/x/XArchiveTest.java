package org.dtp.adapters.archives.x;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.archives.social.Exports;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
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

/** An X archive as X writes it (see the test README): posts in data/tweets.js and its parts, media beside them. */
public class XArchiveTest {
    private static final String FIRST = "1700000000000000001";
    private static final String REPLY = "1700000000000000002";
    private static final String QUOTE = "1700000000000000003";
    private static final String LATER = "1700000000000000004";

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void postsCarryTheirTextEntitiesRepliesQuotesAndMedia() throws Exception {
        TransferEndpoint archive = archive(false);
        XPostExporter exporter = new XPostExporter(Exports.settings(100));
        Exports.Result<SocialFeed, SocialPost> result = Exports.exportAll(exporter, archive, false);

        assertEquals(List.of(new SocialFeed("1234567890", "@annbeispiel")), result.containers());
        List<SocialPost> posts = result.itemsOf("1234567890");
        assertEquals("tweets.js, then tweets-part1.js", List.of(FIRST, REPLY, QUOTE, LATER), posts.stream().map(SocialPost::id).toList());

        SocialPost first = posts.get(0);
        assertEquals("unescaped, the link expanded and the photo's own link gone",
                "Tom & Jerry <3 #cats @bob https://example.org/page", first.text());
        assertEquals(Instant.parse("2023-09-13T10:00:00Z"), first.publishedAt());
        assertEquals("en", first.language());
        assertEquals(List.of("cats"), first.hashtags());
        assertEquals(List.of("bob"), first.mentions());
        assertEquals("https://x.com/annbeispiel/status/" + FIRST, first.url());
        assertEquals("@annbeispiel", first.author());
        assertArrayEquals(media(1), Exports.read(exporter, archive, first.attachments().get(0)));

        SocialPost reply = posts.get(1);
        assertEquals("1600000000000000000", reply.inReplyTo());
        assertEquals("the video variant the archive holds", "video/mp4", reply.attachments().get(0).contentType());
        assertArrayEquals(media(2), Exports.read(exporter, archive, reply.attachments().get(0)));

        SocialPost quote = posts.get(2);
        assertEquals("https://twitter.com/someone/status/1500000000000000000", quote.repostOf());
        assertNull("und is no language", quote.language());

        assertTrue(posts.get(3).attachments().isEmpty());
        assertTrue(result.notKept().toString(), result.notKept().stream().anyMatch(n -> n.sourceId().equals(LATER)
                && n.field().equals("attachments") && n.reason().contains("gone.jpg")));
    }

    @Test
    public void thePostsMediaAreOneAlbumEachWithItsPostsTextAndTimeResumedAtEveryPage() throws Exception {
        TransferEndpoint archive = archive(false);
        XMediaExporter exporter = new XMediaExporter(Exports.settings(1));
        Exports.Result<PhotoAlbum, MediaItem> result = Exports.exportAll(exporter, archive, true);

        assertEquals(List.of(new PhotoAlbum("1234567890", "@annbeispiel", "Photos and videos of the posts in the X archive")),
                result.containers());
        List<MediaItem> items = result.itemsOf("1234567890");
        assertEquals(List.of(FIRST + "-F1a2b3.jpg", REPLY + "-Hi.mp4"), items.stream().map(MediaItem::fileName).toList());
        MediaItem photo = items.get(0);
        assertEquals(MediaKind.PHOTO, photo.kind());
        assertEquals("Tom & Jerry <3 #cats @bob https://example.org/page", photo.description());
        assertEquals(Instant.parse("2023-09-13T10:00:00Z"), photo.takenAt());
        assertEquals(new GeoLocation(48.85, 2.35, null), photo.location());
        assertEquals("data/tweets_media/" + FIRST + "-F1a2b3.jpg", photo.id());
        assertArrayEquals(media(1), Exports.read(exporter, archive, photo.content()));
        assertEquals(MediaKind.VIDEO, items.get(1).kind());
        assertArrayEquals(media(2), Exports.read(exporter, archive, items.get(1).content()));
        assertEquals("only what concerns the media (the post's language, say, does not)", List.of(FIRST + " sensitive", LATER + " attachments"),
                result.notKept().stream().map(n -> n.sourceId() + " " + n.field()).sorted().toList());
        assertTrue(result.notKept().toString(), result.notKept().stream().anyMatch(n -> n.sourceId().equals(LATER)
                && n.reason().contains("gone.jpg")));
    }

    @Test
    public void aTgzArchiveResumedAtEveryPageGivesEveryPostOnce() throws Exception {
        TransferEndpoint archive = archive(true);
        List<SocialPost> whole = Exports.exportAll(new XPostExporter(Exports.settings(100)), archive, false).itemsOf("1234567890");
        Exports.Result<SocialFeed, SocialPost> resumed = Exports.exportAll(new XPostExporter(Exports.settings(1)), archive, true);

        assertEquals(4, whole.size());
        assertEquals(whole, resumed.itemsOf("1234567890"));
    }

    @Test
    public void aLargePostsFileIsPagedInOrderWithNeitherGapNorRepeat() throws Exception {
        StringBuilder tweets = new StringBuilder("window.YTD.tweets.part0 = [");
        for (int i = 0; i < 2_500; i++) {
            tweets.append(i == 0 ? "" : ",").append("{\"tweet\": {\"id_str\": \"").append(1_000_000 + i)
                    .append("\", \"full_text\": \"post ").append(i).append("\", \"created_at\": \"Mon Jan 01 00:00:00 +0000 2024\"}}");
        }
        Path zip = new TestArchive().add("data/tweets.js", tweets.append("]").toString())
                .writeZip(temp.getRoot().toPath().resolve("twitter-2024-01-01-abc.zip"));
        TransferEndpoint archive = Exports.endpoint(XPostExporter.PROVIDER, zip);

        Exports.Result<SocialFeed, SocialPost> result = Exports.exportAll(new XPostExporter(Exports.settings(7)), archive, false);

        List<SocialPost> posts = result.itemsOf("x");
        assertEquals(2_500, posts.size());
        for (int i = 0; i < posts.size(); i++) {
            assertEquals("post " + i, posts.get(i).text());
        }
    }

    @Test
    public void aLongPostCutInThePostsFileGetsItsWholeTextFromItsNote() throws Exception {
        String longText = "Long posts are cut at 280 characters in tweets.js, " + "and this one goes on ".repeat(14)
                + "until it ends here, with a link https://t.co/note1 #longform";
        String cut = longText.substring(0, 270);
        String noteCreated = "\"createdAt\" : \"2024-03-09T13:14:15.000Z\", \"updatedAt\" : \"2024-03-09T13:14:15.000Z\", "
                + "\"lifecycle\" : {\"value\" : \"1\", \"name\" : \"Active\"}";
        TestArchive archive = new TestArchive()
                .add("data/tweets.js", "window.YTD.tweets.part0 = [ "
                        // cut, the ellipsis, then a t.co link to the post itself
                        + tweet("1800000000000000001", cut + "… https://t.co/self1", "Sat Mar 09 13:14:15 +0000 2024", "en",
                        "\"entities\": {\"urls\": [{\"url\": \"https://t.co/self1\", \"expanded_url\": "
                                + "\"https://twitter.com/i/web/status/1800000000000000001\"}]},")
                        // a reply: its leading mention is not in the note, and its link has another t.co address
                        + ", " + tweet("1800000000000000002", "@carol Here is the essay https://t.co/OLD1 that I promised, and t…",
                        "Sun Mar 10 08:00:00 +0000 2024", "en", "\"in_reply_to_status_id_str\": \"1600000000000000000\", "
                                + "\"entities\": {\"urls\": [{\"url\": \"https://t.co/OLD1\", \"expanded_url\": \"https://example.org/essay\"}],"
                                + " \"user_mentions\": [{\"screen_name\": \"carol\"}]},")
                        // a short post in the same second as a note that is not its own
                        + ", " + tweet("1800000000000000003", "Short &amp; complete", "Sat Mar 09 13:14:15 +0000 2024", "en", "")
                        // not a reply, starting with a mention that its note keeps
                        + ", " + tweet("1800000000000000004", "@nasa is amazing, and this goes o…", "Mon Mar 11 09:00:00 +0000 2024", "en", "")
                        // complete, no ellipsis: the note of its second that begins like it is another post's
                        + ", " + tweet("1800000000000000005", "Read this https://t.co/rd1", "Tue Mar 12 09:00:00 +0000 2024", "en",
                        "\"entities\": {\"urls\": [{\"url\": \"https://t.co/rd1\", \"expanded_url\": \"https://example.org/read\"}]},")
                        + " ]")
                .add("data/note-tweet.js", "window.YTD.note_tweet.part0 = [ "
                        + "{ \"noteTweet\" : { \"noteTweetId\" : \"1800000000000000901\", " + noteCreated + ", \"core\" : {"
                        + " \"styletags\" : [], \"urls\" : [{\"shortUrl\" : \"https://t.co/note1\", \"expandedUrl\" : \"https://example.org/long\","
                        + " \"displayUrl\" : \"example.org/long\"}], \"text\" : \"" + longText + "\", \"mentions\" : [], \"cashtags\" : [],"
                        + " \"hashtags\" : [{\"text\" : \"longform\"}] } } }, "
                        + "{ \"noteTweet\" : { \"noteTweetId\" : \"1800000000000000902\", \"createdAt\" : \"2024-03-10T08:00:00.000Z\","
                        + " \"core\" : { \"urls\" : [{\"shortUrl\" : \"https://t.co/NEW2\", \"expandedUrl\" : \"https://example.org/essay\"}],"
                        + " \"text\" : \"Here is the essay https://t.co/NEW2 that I promised, and then some more words.\","
                        + " \"mentions\" : [], \"hashtags\" : [] } } }, "
                        + "{ \"noteTweet\" : { \"noteTweetId\" : \"1800000000000000903\", " + noteCreated + ", \"core\" : {"
                        + " \"text\" : \"Another long post of the same second, not the short one's\", \"urls\" : [] } } }, "
                        + "{ \"noteTweet\" : { \"noteTweetId\" : \"1800000000000000904\", \"createdAt\" : \"2024-03-11T09:00:00.000Z\","
                        + " \"core\" : { \"text\" : \"@nasa is amazing, and this goes on for longer than a post may.\", \"urls\" : [],"
                        + " \"mentions\" : [{\"screenName\" : \"nasa\"}, {\"screenName\" : \"\"}] } } }, "
                        + "{ \"noteTweet\" : { \"noteTweetId\" : \"1800000000000000905\", \"createdAt\" : \"2024-03-12T09:00:00.000Z\","
                        + " \"core\" : { \"text\" : \"Read this https://example.org/read and the rest of a long post\", \"urls\" : [] } } } ]");
        Path file = archive.writeZip(temp.getRoot().toPath().resolve("twitter-2024-03-11-long.zip"));
        Exports.Result<SocialFeed, SocialPost> result = Exports.exportAll(new XPostExporter(Exports.settings(100)),
                Exports.endpoint(XPostExporter.PROVIDER, file), false);
        List<SocialPost> posts = result.itemsOf("x");

        assertEquals(longText.replace("https://t.co/note1", "https://example.org/long"), posts.get(0).text());
        assertEquals("the note's hashtag", List.of("longform"), posts.get(0).hashtags());
        assertEquals("the reply keeps its mention before the note's text",
                "@carol Here is the essay https://example.org/essay that I promised, and then some more words.", posts.get(1).text());
        assertEquals(List.of("carol"), posts.get(1).mentions());
        assertEquals("a note of the same second that does not begin with it is not its", "Short & complete", posts.get(2).text());
        assertEquals("@nasa is amazing, and this goes on for longer than a post may.", posts.get(3).text());
        assertEquals("a blank mention is left out", List.of("nasa"), posts.get(3).mentions());
        assertEquals("a post not cut keeps its text", "Read this https://example.org/read", posts.get(4).text());
    }

    @Test
    public void aBrokenNoteFileLeavesThePostsTheirCutText() throws Exception {
        TestArchive archive = new TestArchive()
                .add("data/tweets.js", "window.YTD.tweets.part0 = [ "
                        + tweet("1800000000000000001", "Cut short…", "Sat Mar 09 13:14:15 +0000 2024", "en", "") + " ]")
                .add("data/note-tweet.js", "window.YTD.note_tweet.part0 = [ { \"noteTweet\" : { \"noteTweetId\" : ");
        Path file = archive.writeZip(temp.getRoot().toPath().resolve("twitter-broken-notes.zip"));
        Exports.Result<SocialFeed, SocialPost> result = Exports.exportAll(new XPostExporter(Exports.settings(100)),
                Exports.endpoint(XPostExporter.PROVIDER, file), false);
        assertEquals("Cut short…", result.itemsOf("x").get(0).text());
    }

    private TransferEndpoint archive(boolean tgz) throws Exception {
        TestArchive archive = new TestArchive()
                .add("data/account.js", "window.YTD.account.part0 = [ {\n  \"account\" : {\n    \"email\" : \"ann@example.org\",\n"
                        + "    \"createdVia\" : \"web\",\n    \"username\" : \"annbeispiel\",\n    \"accountId\" : \"1234567890\",\n"
                        + "    \"createdAt\" : \"2010-01-01T10:00:00.000Z\",\n    \"accountDisplayName\" : \"Ann\"\n  }\n} ]")
                .add("data/tweets.js", "window.YTD.tweets.part0 = [ "
                        + tweet(FIRST, "Tom &amp; Jerry &lt;3 #cats @bob https://t.co/abc https://t.co/pic", "Wed Sep 13 10:00:00 +0000 2023", "en",
                        "\"entities\": {\"hashtags\": [{\"text\": \"cats\", \"indices\": [\"18\", \"23\"]}], \"symbols\": [],"
                                + " \"user_mentions\": [{\"name\": \"Bob\", \"screen_name\": \"bob\", \"indices\": [\"24\", \"28\"], \"id_str\": \"42\", \"id\": \"42\"}],"
                                + " \"urls\": [{\"url\": \"https://t.co/abc\", \"expanded_url\": \"https://example.org/page\", \"display_url\": \"example.org/page\"}]},"
                                + " \"extended_entities\": {\"media\": [{\"url\": \"https://t.co/pic\", \"id_str\": \"9001\","
                                + " \"media_url_https\": \"https://pbs.twimg.com/media/F1a2b3.jpg\", \"type\": \"photo\"}]},"
                                + " \"possibly_sensitive\": true, \"coordinates\": {\"type\": \"Point\", \"coordinates\": [\"2.35\", \"48.85\"]},")
                        + ", " + tweet(REPLY, "@carol indeed https://t.co/vid", "Thu Sep 14 08:30:00 +0000 2023", "en",
                        "\"in_reply_to_status_id_str\": \"1600000000000000000\", \"in_reply_to_screen_name\": \"carol\","
                                + " \"entities\": {\"hashtags\": [], \"user_mentions\": [{\"screen_name\": \"carol\"}], \"urls\": []},"
                                + " \"extended_entities\": {\"media\": [{\"url\": \"https://t.co/vid\", \"id_str\": \"9002\", \"type\": \"video\","
                                + " \"media_url_https\": \"https://pbs.twimg.com/ext_tw_video_thumb/9002/pu/img/thumb.jpg\","
                                + " \"video_info\": {\"variants\": [{\"bitrate\": \"256000\", \"content_type\": \"video/mp4\","
                                + " \"url\": \"https://video.twimg.com/ext_tw_video/9002/pu/vid/480x270/low.mp4?tag=12\"},"
                                + " {\"bitrate\": \"2176000\", \"content_type\": \"video/mp4\","
                                + " \"url\": \"https://video.twimg.com/ext_tw_video/9002/pu/vid/1280x720/Hi.mp4?tag=12\"}]}}]},")
                        + ", " + tweet(QUOTE, "So true https://t.co/q", "Fri Sep 15 12:00:00 +0000 2023", "und",
                        "\"entities\": {\"urls\": [{\"url\": \"https://t.co/q\", \"expanded_url\": \"https://twitter.com/someone/status/1500000000000000000\"}]},")
                        + " ]")
                .add("data/tweets-part1.js", "window.YTD.tweets.part1 = [ "
                        + tweet(LATER, "lost photo https://t.co/gone", "Sat Sep 16 12:00:00 +0000 2023", "en",
                        "\"extended_entities\": {\"media\": [{\"url\": \"https://t.co/gone\", \"type\": \"photo\","
                                + " \"media_url_https\": \"https://pbs.twimg.com/media/gone.jpg\"}]},") + " ]")
                .add("data/tweets_media/" + FIRST + "-F1a2b3.jpg", media(1))
                .add("data/tweets_media/" + REPLY + "-Hi.mp4", media(2));
        Path file = temp.getRoot().toPath().resolve(tgz ? "twitter-archive.tgz" : "twitter-2023-09-20-abc.zip");
        return Exports.endpoint(XPostExporter.PROVIDER, tgz ? archive.writeTgz(file) : archive.writeZip(file));
    }

    private static String tweet(String id, String text, String createdAt, String lang, String more) {
        return "{\n  \"tweet\" : {\n    \"edit_info\" : {\"initial\": {\"editTweetIds\": [\"" + id + "\"], \"editableUntil\": \"2023-09-13T11:00:00.000Z\"}},\n"
                + "    \"retweeted\" : false,\n    \"source\" : \"<a href=\\\"https://mobile.twitter.com\\\" rel=\\\"nofollow\\\">Twitter Web App</a>\",\n"
                + "    " + more + "\n    \"favorite_count\" : \"3\",\n    \"id_str\" : \"" + id + "\",\n    \"truncated\" : false,\n"
                + "    \"retweet_count\" : \"0\",\n    \"id\" : \"" + id + "\",\n    \"created_at\" : \"" + createdAt + "\",\n"
                + "    \"favorited\" : false,\n    \"full_text\" : \"" + text + "\",\n    \"lang\" : \"" + lang + "\"\n  }\n}";
    }

    static byte[] media(int seed) {
        byte[] bytes = new byte[2000 + seed];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
