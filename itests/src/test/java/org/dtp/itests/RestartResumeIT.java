package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The whole server stopped in the middle of a transfer, gracefully and with SIGKILL, then started
 * again: the transfer resumes from its checkpoint and every photo arrives exactly once.
 */
public class RestartResumeIT {
    /** Enough files that the transfer is still running when the server is stopped. */
    private static final int ALBUMS = 4;
    private static final int PER_ALBUM = 1500;

    private static ServerProcess server;
    private static Path work;

    @BeforeClass
    public static void startServer() throws Exception {
        work = Paths.get(System.getProperty("dtp.work"), "restart-" + System.nanoTime()).toAbsolutePath();
        server = new ServerProcess(Paths.get(System.getProperty("dtp.distribution")), work.resolve("server"));
        server.start();
        String out = server.client("feature:install dtp-adapter-localfs");
        assertTrue(out, !out.contains("Error"));
        server.rest.await("/adapters", a -> a.toString().contains("localfs"), Duration.ofSeconds(30));
    }

    @AfterClass
    public static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    public void gracefulStopMidTransferResumesWithNothingLostOrDuplicated() throws Exception {
        interruptAndResume("graceful", () -> server.stop());
    }

    @Test
    public void killMidTransferResumesWithNothingLostOrDuplicated() throws Exception {
        interruptAndResume("kill", () -> server.kill());
    }

    private interface Interruption {
        void apply() throws Exception;
    }

    private void interruptAndResume(String name, Interruption interruption) throws Exception {
        Path source = work.resolve(name + "-source");
        Path destination = work.resolve(name + "-destination");
        MediaFolders.generate(source, ALBUMS, PER_ALBUM);
        Files.createDirectories(destination);

        Rest.Reply created = server.rest.post("/transfers", Rest.transferRequest(source.toString(), destination.toString()));
        assertEquals(created.text(), 201, created.status());
        String id = created.body().path("id").asText();
        server.rest.await("/transfers/" + id, d -> items(d) >= 50, Duration.ofSeconds(60));

        interruption.apply();
        long copiedBefore = MediaFolders.mediaFiles(destination).size();
        assertTrue("stopped mid-transfer: " + copiedBefore + " copied", copiedBefore < ALBUMS * PER_ALBUM);

        server.start();
        Rest.Reply done = server.rest.await("/transfers/" + id,
                d -> d.toString().contains("\"COMPLETED\""), Duration.ofMinutes(5));

        Map<String, String> expected = MediaFolders.mediaFiles(source);
        Map<String, String> actual = MediaFolders.mediaFiles(destination);
        assertEquals("no photo lost", 0, expected.keySet().stream().filter(k -> !actual.containsKey(k)).count());
        assertEquals("no photo duplicated", expected.size(), actual.size());
        assertEquals("every photo byte-identical", expected, actual);
        assertEquals(done.text(), ALBUMS * PER_ALBUM, items(done.body()));
        assertTrue("the job says it resumed: " + done.text(), done.text().contains("resumed from checkpoint"));
        System.out.printf("%s: stopped with %d of %d copied; resumed and completed with %d, 0 lost, 0 duplicated%n",
                name, copiedBefore, expected.size(), actual.size());
    }

    private static long items(JsonNode details) {
        JsonNode items = details.findValue("items");
        return items == null ? -1 : items.asLong();
    }
}
