package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.ClassRule;
import org.junit.Test;

import java.nio.file.Files;
import java.nio.file.Path;
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

    @ClassRule
    public static final LocalFoldersServer SERVER = new LocalFoldersServer("restart");

    @Test
    public void gracefulStopMidTransferResumesWithNothingLostOrDuplicated() throws Exception {
        interruptAndResume("graceful", () -> SERVER.server().stop());
    }

    @Test
    public void killMidTransferResumesWithNothingLostOrDuplicated() throws Exception {
        interruptAndResume("kill", () -> SERVER.server().kill());
    }

    private interface Interruption {
        void apply() throws Exception;
    }

    private void interruptAndResume(String name, Interruption interruption) throws Exception {
        ServerProcess server = SERVER.server();
        Path work = SERVER.work();
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
