package org.dtp.adapters.archives.social;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.archives.meta.MetaMediaExporter;
import org.dtp.adapters.archives.meta.MetaPostExporter;
import org.dtp.adapters.archives.x.XPostExporter;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.core.testing.TestEngine;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

/**
 * Social archives through the real engine (job store, checkpoints, ledger). No importer of dtp takes the social
 * vertical yet, so posts go to an importer of the test's that reads each attachment as a destination would; a Meta
 * archive's photos go into a local folder through the local folder adapter.
 */
public class ArchivesThroughTheEngineTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /**
     * The node goes down in the X archive's second posts file (the engine stops at its next item, as at a shutdown;
     * the checkpoint and ledger are what a kill -9 leaves) and a restarted node, with nothing in memory, resumes:
     * every post arrives once, with its media's bytes.
     */
    @Test
    public void anXArchiveStoppedMidwayResumesOnARestartedNodeWithEveryPostOnce() throws Exception {
        TestArchive archive = new TestArchive()
                .add("data/account.js", "window.YTD.account.part0 = [{\"account\": {\"username\": \"ann\", \"accountId\": \"77\"}}]");
        StringBuilder[] files = {new StringBuilder("window.YTD.tweets.part0 = ["), new StringBuilder("window.YTD.tweets.part1 = [")};
        for (int i = 0; i < 9; i++) {
            StringBuilder file = files[i < 4 ? 0 : 1];
            file.append(file.charAt(file.length() - 1) == '[' ? "" : ",").append("{\"tweet\": {\"id_str\": \"").append(100 + i)
                    .append("\", \"full_text\": \"post ").append(i).append("\", \"created_at\": \"Mon Jan 01 00:00:0").append(i)
                    .append(" +0000 2024\", \"extended_entities\": {\"media\": [{\"type\": \"photo\", \"media_url_https\":")
                    .append(" \"https://pbs.twimg.com/media/p").append(i).append(".jpg\"}]}}}");
            archive.add("data/tweets_media/" + (100 + i) + "-p" + i + ".jpg", media(i));
        }
        Path zip = archive.add("data/tweets.js", files[0].append("]").toString())
                .add("data/tweets-part1.js", files[1].append("]").toString())
                .writeZip(temp.getRoot().toPath().resolve("twitter-2024-01-01.zip"));
        Map<String, AtomicInteger> imports = new ConcurrentHashMap<>();
        Map<String, byte[]> bytes = new ConcurrentHashMap<>();
        try (TestEngine engine = new TestEngine()) {
            engine.exporter(XPostExporter.PROVIDER, Vertical.SOCIAL, new XPostExporter(Exports.settings(2)))
                    .importer("recorder", Vertical.SOCIAL, new Importer<SocialFeed, SocialPost>() {
                        @Override
                        public String importContainer(ImportContext context, String key, SocialFeed feed, String parentId) {
                            return feed.id();
                        }

                        @Override
                        public String importItem(ImportContext context, String key, SocialPost post, String containerId)
                                throws AdapterException {
                            for (MediaRef ref : post.attachments()) {
                                try (InputStream in = context.openMedia(ref)) {
                                    bytes.put(post.id(), in.readAllBytes());
                                } catch (IOException e) {
                                    throw new AdapterException(e.getMessage(), e);
                                }
                            }
                            if (imports.computeIfAbsent(post.id(), k -> new AtomicInteger()).incrementAndGet() == 1 && imports.size() == 6) {
                                engine.requestStop(context.jobId());
                            }
                            return post.id();
                        }
                    });
            TransferJob job = engine.start(Vertical.SOCIAL, Exports.endpoint(XPostExporter.PROVIDER, zip),
                    new TransferEndpoint("recorder", Map.of()));
            TransferJob stopped = engine.execute(job.id());
            assertEquals(JobState.RUNNING, stopped.state());
            assertEquals(6, imports.size());

            engine.restartNode();
            TransferJob done = engine.execute(job.id());

            assertEquals(done.stateReason(), JobState.COMPLETED, done.state());
            assertEquals(9, imports.size());
            imports.forEach((id, count) -> assertEquals(id + " imported once", 1, count.get()));
            for (int i = 0; i < 9; i++) {
                assertArrayEquals(media(i), bytes.get(Integer.toString(100 + i)));
            }
        }
    }

    @Test
    public void aMetaArchivesAlbumsArriveInALocalFolder() throws Exception {
        String media = "your_facebook_activity/posts/media/Holidays_123/";
        Path zip = new TestArchive()
                .add("your_facebook_activity/posts/album/0.json", "{\"name\": \"Holidays\", \"photos\": ["
                        + "{\"uri\": \"" + media + "1.jpg\", \"creation_timestamp\": 1700000000, \"description\": \"Beach\"},"
                        + "{\"uri\": \"" + media + "2.jpg\", \"creation_timestamp\": 1700000100}]}")
                .add("your_facebook_activity/posts/your_videos.json", "{\"videos_v2\": [{\"uri\": \"your_facebook_activity/posts/media/videos/3.mp4\","
                        + " \"creation_timestamp\": 1700000200}]}")
                .add(media + "1.jpg", media(1))
                .add(media + "2.jpg", media(2))
                .add("your_facebook_activity/posts/media/videos/3.mp4", media(3))
                .writeZip(temp.getRoot().toPath().resolve("facebook-ann.zip"));
        Path destination = temp.getRoot().toPath().resolve("photos");
        try (TestEngine engine = new TestEngine()
                .exporter(MetaPostExporter.PROVIDER, Vertical.MEDIA, new MetaMediaExporter(Exports.settings(1)))
                .importer("localfs", Vertical.MEDIA, new LocalFolderMediaImporter(new LocalFolderSettings(List.of(), 100, false)))) {
            TransferJob done = engine.run(Vertical.MEDIA, Exports.endpoint(MetaPostExporter.PROVIDER, zip),
                    new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, destination.toString())));

            assertEquals(done.stateReason(), JobState.COMPLETED, done.state());
            assertArrayEquals(media(1), Files.readAllBytes(destination.resolve("Holidays/1.jpg")));
            assertArrayEquals(media(2), Files.readAllBytes(destination.resolve("Holidays/2.jpg")));
            assertArrayEquals(media(3), Files.readAllBytes(destination.resolve("3.mp4")));
        }
    }

    private static byte[] media(int seed) {
        byte[] bytes = new byte[3000 + seed];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
