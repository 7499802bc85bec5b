package org.dtp.adapters.twitter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.adapters.twitter.fake.FakeX;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelJson;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Both X exporters against the fake X API v2: posts and media, paging, the rate-limit reset, a token refreshed mid-transfer. */
public class TwitterExportersTest {
    private Fixture fixture;
    private FakeX fake;
    private TwitterConnector connector;
    private TestTransferContext context;
    private Map.Entry<String, String> tokens;
    private final byte[] photo = "photo bytes of a cat".getBytes();
    private final byte[] video = "the better mp4 variant".getBytes();

    @Before
    public void start() throws Exception {
        fixture = new Fixture();
        fake = fixture.fake;
        ObjectNode first = fake.post("1800000000000000007", "A cat at the window #cats with @bob", "2024-09-01T10:00:00.000Z", "en");
        first.withObject("/entities").withArray("hashtags").addObject().put("start", 20).put("end", 25).put("tag", "cats");
        first.withObject("/entities").withArray("mentions").addObject().put("start", 31).put("end", 35).put("username", "bob");
        fake.attach(first, "3_1800000000000000001", "photo", photo, "A grey cat", 1200, 900);
        ObjectNode reply = fake.post("1800000000000000006", "@bob indeed", "2024-08-31T09:00:00.000Z", "en");
        reply.withArray("referenced_tweets").addObject().put("type", "replied_to").put("id", "1799999999999999999");
        ObjectNode repost = fake.post("1800000000000000005", "RT @carol: Bonjour", "2024-08-30T08:00:00.000Z", "fr");
        repost.withArray("referenced_tweets").addObject().put("type", "retweeted").put("id", "1799999999999999990");
        for (int i = 4; i >= 0; i--) {
            fake.post("180000000000000000" + i, "Post " + i, "2024-08-2" + i + "T08:00:00.000Z", "en");
        }
        ObjectNode last = fake.post("1700000000000000000", "An old video", "2023-01-01T00:00:00.000Z", "en");
        fake.attach(last, "7_1700000000000000001", "video", video, null, 1920, 1080);
        tokens = fake.issueTokens();
        context = new TestTransferContext(UUID.randomUUID(), fixture.endpoint(tokens));
        connector = fixture.connector(5);
    }

    @After
    public void stop() {
        fixture.close();
    }

    private static <C extends org.dtp.models.ContainerModel, I extends org.dtp.models.ItemModel> List<ExportPage<C, I>> pages(
            org.dtp.spi.Exporter<C, I> exporter, TestTransferContext context, String container) throws Exception {
        List<ExportPage<C, I>> pages = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<C, I> page = exporter.export(context, new ExportCursor(container, continuation));
            pages.add(page);
            continuation = page.continuation();
        } while (continuation != null);
        return pages;
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private static String sha256(org.dtp.spi.Exporter<?, ?> exporter, TestTransferContext context, MediaRef ref) throws Exception {
        try (InputStream in = exporter.openMedia(context, ref)) {
            return sha256(in.readAllBytes());
        }
    }

    @Test
    public void bothExportersNameTheAccountByTheXUserId() throws Exception {
        assertEquals(java.util.Optional.of(fake.userId), new TwitterSocialExporter(connector).accountId(context));
        assertEquals(java.util.Optional.of(fake.userId), new TwitterMediaExporter(connector).accountId(context));
    }

    @Test
    public void exportsThePostsOfTheTimelineAcrossPagesWithTheirMedia() throws Exception {
        TwitterSocialExporter exporter = new TwitterSocialExporter(connector);
        ExportPage<SocialFeed, SocialPost> root = exporter.export(context, ExportCursor.root());
        assertEquals(List.of(new SocialFeed(fake.userId, "@" + fake.username)), root.containers());
        List<ExportPage<SocialFeed, SocialPost>> pages = pages(exporter, context, fake.userId);
        assertEquals("9 posts at 5 a page", 2, pages.size());
        List<SocialPost> posts = pages.stream().flatMap(p -> p.items().stream()).toList();
        assertEquals(9, posts.size());

        SocialPost cat = posts.get(0);
        assertEquals("A cat at the window #cats with @bob", cat.text());
        assertEquals(Instant.parse("2024-09-01T10:00:00Z"), cat.publishedAt());
        assertEquals("@" + fake.username, cat.author());
        assertEquals("https://x.com/" + fake.username + "/status/1800000000000000007", cat.url());
        assertEquals(List.of("cats"), cat.hashtags());
        assertEquals(List.of("bob"), cat.mentions());
        assertEquals(1, cat.attachments().size());
        assertEquals(sha256(photo), sha256(exporter, context, cat.attachments().get(0)));
        assertEquals("1799999999999999999", posts.get(1).inReplyTo());
        assertEquals("1799999999999999990", posts.get(2).repostOf());
        assertEquals("fr", posts.get(2).language());
        assertNull(posts.get(3).inReplyTo());
        SocialPost old = posts.get(8);
        assertEquals("the best mp4 variant", sha256(video), sha256(exporter, context, old.attachments().get(0)));

        ObjectMapper json = ModelJson.newObjectMapper();
        for (SocialPost post : posts) {
            assertEquals(post, json.readValue(json.writeValueAsString(post), SocialPost.class));
        }
        assertTrue("every page asked for the documented fields", fake.seen().stream().filter(s -> s.path().endsWith("/tweets"))
                .allMatch(s -> "attachments.media_keys".equals(s.query().get("expansions"))
                        && "url,variants,type,alt_text,width,height".equals(s.query().get("media.fields"))
                        && "created_at,attachments,entities,referenced_tweets,lang".equals(s.query().get("tweet.fields"))));
    }

    @Test
    public void exportsThePhotosAndVideosOfThePostsAsOneAlbum() throws Exception {
        TwitterMediaExporter exporter = new TwitterMediaExporter(connector);
        ExportPage<PhotoAlbum, MediaItem> root = exporter.export(context, ExportCursor.root());
        assertEquals(1, root.containers().size());
        assertEquals("Media of @" + fake.username, root.containers().get(0).name());
        List<MediaItem> items = pages(exporter, context, fake.userId).stream().flatMap(p -> p.items().stream()).toList();
        assertEquals(List.of("1800000000000000007/3_1800000000000000001", "1700000000000000000/7_1700000000000000001"),
                items.stream().map(MediaItem::id).toList());
        MediaItem cat = items.get(0);
        assertEquals(MediaKind.PHOTO, cat.kind());
        assertEquals("A grey cat", cat.title());
        assertEquals("A cat at the window #cats with @bob", cat.description());
        assertEquals(Instant.parse("2024-09-01T10:00:00Z"), cat.takenAt());
        assertEquals(Integer.valueOf(1200), cat.width());
        assertEquals(sha256(photo), sha256(exporter, context, cat.content()));
        MediaItem clip = items.get(1);
        assertEquals(MediaKind.VIDEO, clip.kind());
        assertEquals("7_1700000000000000001.mp4", clip.fileName());
        assertEquals(sha256(video), sha256(exporter, context, clip.content()));
    }

    @Test
    public void aRateLimitIsWaitedOutUntilXRateLimitReset() throws Exception {
        TwitterSocialExporter exporter = new TwitterSocialExporter(connector);
        fake.rateLimitFor(2);
        TransientAdapterException e = assertThrows(TransientAdapterException.class,
                () -> exporter.export(context, new ExportCursor(fake.userId, null)));
        Duration wait = e.retryAfter().orElseThrow();
        assertTrue("until the reset, not a guess: " + wait, wait.compareTo(Duration.ofSeconds(1)) >= 0 && wait.compareTo(Duration.ofSeconds(4)) <= 0);
        ExportPage<SocialFeed, SocialPost> page = exporter.export(context, new ExportCursor(fake.userId, null));
        assertEquals(5, page.items().size());
        long resetNanos = fake.resetEpochSecond();
        FakeX.Seen retried = fake.seen().get(fake.seen().size() - 2);
        assertTrue("the retry came after the window reset", Instant.now().getEpochSecond() >= resetNanos);
        assertEquals(1, fake.seen().stream().filter(s -> s.atNanos() >= retried.atNanos()).filter(s -> s.path().equals("/2/users/me")).count());
    }

    @Test
    public void anAccessTokenExpiredMidTransferIsRefreshedAndKeptInTheJob() throws Exception {
        TwitterSocialExporter exporter = new TwitterSocialExporter(connector);
        ExportPage<SocialFeed, SocialPost> first = exporter.export(context, new ExportCursor(fake.userId, null));
        fake.expire(tokens.getKey());
        ExportPage<SocialFeed, SocialPost> second = exporter.export(context, new ExportCursor(fake.userId, first.continuation()));
        assertEquals(4, second.items().size());
        assertEquals(1, fake.refreshes());
        Map<String, String> settings = context.endpoint().settings();
        assertNotEquals(tokens.getKey(), settings.get("accessToken"));
        assertNotEquals("the rotated refresh token is kept", tokens.getValue(), settings.get("refreshToken"));
        assertTrue(settings.containsKey("accessTokenExpiresAt"));
    }
}
