package org.dtp.adapters.archives.x;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.adapters.archives.social.Exports;
import org.dtp.conformance.HeapWatch;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/**
 * A posts file of some 150 MB (150,000 posts of about 1 KB, as X writes them) is paged, its last page asked of a new
 * exporter and scratch (as after a restart, skipping to it through the whole file), while the live heap, looked at
 * every 200 ms, grows by less than 64 MiB: the file is streamed, never held whole (parsed whole it would take
 * several times its size).
 */
public class LargePostsFileTest {
    private static final long MIB = 1024 * 1024;
    private static final int POSTS = 150_000;
    private static final String PADDING = "x".repeat(700);

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void aLargePostsFileIsPagedInBoundedMemory() throws Exception {
        Path zip = new TestArchive().add("data/tweets.js", -1, LargePostsFileTest::tweets)
                .writeZip(temp.getRoot().toPath().resolve("twitter-large.zip"));
        TransferEndpoint archive = Exports.endpoint(XPostExporter.PROVIDER, zip);
        HeapWatch heap = new HeapWatch(Long.MAX_VALUE);
        Thread watcher = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                heap.look();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watcher.start();
        ExportPage<SocialFeed, SocialPost> first;
        ExportPage<SocialFeed, SocialPost> last;
        try {
            first = new XPostExporter(Exports.settings(100)).export(new TestTransferContext(UUID.randomUUID(), archive),
                    new ExportCursor("x", null));
            last = new XPostExporter(Exports.settings(100)).export(new TestTransferContext(UUID.randomUUID(), archive),
                    new ExportCursor("x", "0:" + (POSTS - 100)));
        } finally {
            watcher.interrupt();
            watcher.join();
        }
        heap.look();

        assertEquals("post 0", first.items().get(0).text().substring(0, 6));
        assertEquals("0:100", first.continuation());
        assertEquals(100, last.items().size());
        assertEquals(Long.toString(1_000_000L + POSTS - 1), last.items().get(99).id());
        assertNull(last.continuation());
        heap.assertGrewLessThan(64 * MIB, "paging " + POSTS + " posts");
    }

    /** {@code data/tweets.js}, made as it is read. */
    private static InputStream tweets() {
        return new SequenceInputStream(new Enumeration<>() {
            private int next = -1;

            @Override
            public boolean hasMoreElements() {
                return next <= POSTS;
            }

            @Override
            public InputStream nextElement() {
                int i = next++;
                String text = i < 0 ? "window.YTD.tweets.part0 = ["
                        : i == POSTS ? "]"
                        : (i == 0 ? "" : ",") + "{\"tweet\": {\"id_str\": \"" + (1_000_000 + i) + "\", \"full_text\": \"post " + i + " "
                        + PADDING + "\", \"created_at\": \"Mon Jan 01 00:00:00 +0000 2024\", \"lang\": \"en\", \"entities\":"
                        + " {\"hashtags\": [], \"user_mentions\": [], \"urls\": []}, \"favorite_count\": \"0\"}}";
                return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
            }
        });
    }
}
