package org.dtp.adapters.archives.meta;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.archives.social.Exports;
import org.dtp.kit.testing.TestImportContext;
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

/**
 * A Meta "Download your information" archive (JSON format) as Facebook writes it since 2024 (see the test README),
 * strings escaped byte by byte as Meta does, and one in the layout of before 2022 under a top folder.
 */
public class MetaArchiveTest {
    private static final String POSTS = "your_facebook_activity/posts/";
    private static final String MEDIA = POSTS + "media/Trip_1234567890/";

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void postsCarryTheirTextTimePlaceAndMediaDecodedFromMetasEscapes() throws Exception {
        TransferEndpoint archive = archive();
        Exports.Result<SocialFeed, SocialPost> result = Exports.exportAll(new MetaPostExporter(Exports.settings(100)), archive, false);

        assertEquals(List.of(new SocialFeed("facebook", "Ann Beispiel")), result.containers());
        List<SocialPost> posts = result.itemsOf("facebook");
        assertEquals("file 1's posts, then file 2's", List.of("Schöner Tag \uD83D\uDE00", "A link", "", "Second file"),
                posts.stream().map(p -> p.text() == null ? "" : p.text()).toList());
        SocialPost first = posts.get(0);
        assertEquals(Instant.ofEpochSecond(1704067200), first.publishedAt());
        assertEquals("Ann Beispiel", first.author());
        assertEquals(50.94, first.location().latitude(), 1e-9);
        assertEquals(1, first.attachments().size());
        assertEquals("image/jpeg", first.attachments().get(0).contentType());
        assertArrayEquals(media(101), Exports.read(new MetaPostExporter(Exports.settings(100)), archive, first.attachments().get(0)));
        assertEquals(4, posts.stream().map(SocialPost::id).distinct().count());

        List<String> firstNotKept = result.notKept().stream().filter(n -> n.sourceId().equals(first.id()))
                .map(TestImportContext.NotKept::reason).toList();
        assertTrue(firstNotKept.toString(), firstNotKept.stream().anyMatch(r -> r.contains("Sonnenuntergang über dem Meer")));
        assertTrue(firstNotKept.toString(), firstNotKept.stream().anyMatch(r -> r.contains("'Köln'")));
        assertTrue(firstNotKept.toString(), firstNotKept.stream().anyMatch(r -> r.contains("Bob Müller")));
        assertTrue(result.notKept().toString(), result.notKept().stream().anyMatch(n -> n.sourceId().equals(posts.get(1).id())
                && n.field().equals("external_context") && n.reason().contains("https://example.org/article")));
        assertTrue(result.notKept().toString(), result.notKept().stream().anyMatch(n -> n.sourceId().equals(posts.get(2).id())
                && n.reason().contains("missing.jpg' is not in the archive")));
    }

    @Test
    public void postIdsAreTheSameInEveryExportAndAResumedExportGivesEveryPostOnce() throws Exception {
        TransferEndpoint archive = archive();
        List<SocialPost> whole = Exports.exportAll(new MetaPostExporter(Exports.settings(100)), archive, false).itemsOf("facebook");
        Exports.Result<SocialFeed, SocialPost> resumed = Exports.exportAll(new MetaPostExporter(Exports.settings(1)), archive, true);

        assertEquals(whole, resumed.itemsOf("facebook"));
        assertTrue("one post a page", resumed.pages() >= 5);
    }

    @Test
    public void albumsHoldTheirPhotosWithCaptionsAndTimesAndTheRestIsAtTheRoot() throws Exception {
        TransferEndpoint archive = archive();
        MetaMediaExporter exporter = new MetaMediaExporter(Exports.settings(1));
        Exports.Result<PhotoAlbum, MediaItem> result = Exports.exportAll(exporter, archive, true);

        assertEquals(List.of(new PhotoAlbum(POSTS + "album/0.json", "Trip à Nice", "Sommer in Frankreich")), result.containers());
        List<MediaItem> album = result.itemsOf(POSTS + "album/0.json");
        assertEquals(List.of("101.jpg", "102.jpg"), album.stream().map(MediaItem::fileName).toList());
        MediaItem sunset = album.get(0);
        assertEquals("Sonnenuntergang über dem Meer", sunset.description());
        assertEquals("the camera's time before the upload's", Instant.ofEpochSecond(1704000000), sunset.takenAt());
        assertEquals(43.7, sunset.location().latitude(), 1e-9);
        assertEquals(Instant.ofEpochSecond(1704067300), album.get(1).takenAt());
        assertNull(album.get(1).location());
        assertArrayEquals(media(102), Exports.read(exporter, archive, album.get(1).content()));

        List<MediaItem> root = result.itemsOf("");
        assertEquals("a video, and the photo in no album; the album's photo is not there twice",
                List.of("201.mp4", "301.jpg"), root.stream().map(MediaItem::fileName).toList());
        assertEquals(MediaKind.VIDEO, root.get(0).kind());
        assertEquals("video/mp4", root.get(0).content().contentType());
    }

    @Test
    public void theLayoutOfOlderExportsUnderATopFolderIsRead() throws Exception {
        Path zip = temp.getRoot().toPath().resolve("facebook-annbeispiel.zip");
        new TestArchive()
                .add("facebook-annbeispiel/posts/your_posts_1.json", "[{\"timestamp\": 1500000000, \"data\": [{\"post\": \"Old\"}],"
                        + " \"attachments\": [{\"data\": [{\"media\": {\"uri\": \"photos_and_videos/Album_abc/1.jpg\", \"creation_timestamp\": 1500000000}}]}]}]")
                .add("facebook-annbeispiel/photos_and_videos/album/0.json", "{\"name\": \"Album\", \"photos\": [{\"uri\": \"photos_and_videos/Album_abc/1.jpg\","
                        + " \"creation_timestamp\": 1500000000}]}")
                .add("facebook-annbeispiel/photos_and_videos/Album_abc/1.jpg", media(1))
                .writeZip(zip);
        TransferEndpoint archive = Exports.endpoint(MetaPostExporter.PROVIDER, zip);

        SocialPost old = Exports.exportAll(new MetaPostExporter(Exports.settings(10)), archive, false).itemsOf("facebook").get(0);
        Exports.Result<PhotoAlbum, MediaItem> media = Exports.exportAll(new MetaMediaExporter(Exports.settings(10)), archive, false);

        assertEquals("Old", old.text());
        assertArrayEquals(media(1), Exports.read(new MetaPostExporter(Exports.settings(10)), archive, old.attachments().get(0)));
        assertEquals("1.jpg", media.itemsOf("facebook-annbeispiel/photos_and_videos/album/0.json").get(0).fileName());
    }

    /** The 2024 layout; strings as Meta writes them, each UTF-8 byte a \\u00XX escape of its own. */
    private TransferEndpoint archive() throws Exception {
        Path zip = temp.getRoot().toPath().resolve("facebook-annbeispiel-2024-01-05-abc.zip");
        if (!zip.toFile().exists()) {
            new TestArchive()
                    .add("personal_information/profile_information/profile_information.json",
                            "{\"profile_v2\": {\"name\": {\"full_name\": \"Ann Beispiel\", \"first_name\": \"Ann\", \"last_name\": \"Beispiel\"}}}")
                    .add(POSTS + "your_posts__check_ins__photos_and_videos_1.json", "[\n"
                            + " {\"timestamp\": 1704067200, \"attachments\": [{\"data\": [{\"media\": {\"uri\": \"" + MEDIA + "101.jpg\","
                            + " \"creation_timestamp\": 1704067100, \"media_metadata\": {\"photo_metadata\": {\"exif_data\": [{\"upload_ip\": \"192.0.2.1\","
                            + " \"taken_timestamp\": 1704000000}]}}, \"title\": \"Trip \\u00c3\\u00a0 Nice\", \"description\": \"Sonnenuntergang \\u00c3\\u00bcber dem Meer\"}}]},"
                            + " {\"data\": [{\"place\": {\"name\": \"K\\u00c3\\u00b6ln\", \"coordinate\": {\"latitude\": 50.94, \"longitude\": 6.96},"
                            + " \"address\": \"\", \"url\": \"\"}}]}],"
                            + " \"data\": [{\"post\": \"Sch\\u00c3\\u00b6ner Tag \\u00f0\\u009f\\u0098\\u0080\"}, {\"update_timestamp\": 1704067200}],"
                            + " \"title\": \"Ann Beispiel updated her status.\", \"tags\": [{\"name\": \"Bob M\\u00c3\\u00bcller\"}]},\n"
                            + " {\"timestamp\": 1704153600, \"data\": [{\"post\": \"A link\"}], \"attachments\": [{\"data\": [{\"external_context\":"
                            + " {\"url\": \"https://example.org/article\"}}]}], \"title\": \"Ann Beispiel shared a link.\"},\n"
                            + " {\"timestamp\": 1704240000, \"attachments\": [{\"data\": [{\"media\": {\"uri\": \"" + MEDIA + "missing.jpg\","
                            + " \"creation_timestamp\": 1704240000}}]}]}\n"
                            + "]")
                    .add(POSTS + "your_posts__check_ins__photos_and_videos_2.json", "[{\"timestamp\": 1600000000, \"data\": [{\"post\": \"Second file\"}]}]")
                    .add(POSTS + "album/0.json", "{\"name\": \"Trip \\u00c3\\u00a0 Nice\", \"photos\": [\n"
                            + " {\"uri\": \"" + MEDIA + "101.jpg\", \"creation_timestamp\": 1704067100, \"media_metadata\": {\"photo_metadata\":"
                            + " {\"exif_data\": [{\"latitude\": 43.7, \"longitude\": 7.26, \"taken_timestamp\": 1704000000}]}},"
                            + " \"title\": \"Trip \\u00c3\\u00a0 Nice\", \"description\": \"Sonnenuntergang \\u00c3\\u00bcber dem Meer\"},\n"
                            + " {\"uri\": \"" + MEDIA + "102.jpg\", \"creation_timestamp\": 1704067300, \"title\": \"Trip \\u00c3\\u00a0 Nice\"}],\n"
                            + " \"cover_photo\": {\"uri\": \"" + MEDIA + "101.jpg\", \"creation_timestamp\": 1704067100},"
                            + " \"last_modified_timestamp\": 1704067300, \"description\": \"Sommer in Frankreich\"}")
                    .add(POSTS + "your_videos.json", "{\"videos_v2\": [{\"uri\": \"" + POSTS + "media/videos/201.mp4\","
                            + " \"creation_timestamp\": 1704100000, \"description\": \"Wellen\"}]}")
                    .add(POSTS + "your_uncategorized_photos.json", "{\"other_photos_v2\": [{\"uri\": \"" + MEDIA + "101.jpg\","
                            + " \"creation_timestamp\": 1704067100}, {\"uri\": \"" + POSTS + "media/other/301.jpg\", \"creation_timestamp\": 1704200000}]}")
                    .add(MEDIA + "101.jpg", media(101))
                    .add(MEDIA + "102.jpg", media(102))
                    .add(POSTS + "media/videos/201.mp4", media(201))
                    .add(POSTS + "media/other/301.jpg", media(301))
                    .writeZip(zip);
        }
        return Exports.endpoint(MetaPostExporter.PROVIDER, zip);
    }

    static byte[] media(int seed) {
        byte[] bytes = new byte[1000 + seed];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
