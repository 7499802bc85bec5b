package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.karaf.features.FeaturesService;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

import javax.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Boots the dtp distribution, installs the localfs adapter feature, and moves real sample photos
 * between two folders through the REST API and the shell.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class LocalTransferIT {
    @Inject
    private FeaturesService features;

    @Inject
    private SessionFactory sessions;

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    private Rest rest() {
        return DtpContainer.rest();
    }

    private void installLocalfs() throws Exception {
        features.installFeature("dtp-adapter-localfs", EnumSet.noneOf(FeaturesService.Option.class));
        rest().await("/adapters", adapters -> adapters.findValues("provider").stream()
                .anyMatch(p -> p.asText().equals("localfs")), Duration.ofSeconds(30));
    }

    private Path workDir(String name) throws Exception {
        Path dir = Paths.get(System.getProperty("dtp.work"), name + "-" + System.nanoTime());
        return Files.createDirectories(dir);
    }

    private String shell(String command) {
        return Shell.run(sessions, command);
    }

    @Test
    public void theAdapterFeatureInstallsAndIsListedByRestAndShell() throws Exception {
        installLocalfs();
        Rest.Reply adapters = rest().get("/adapters");
        assertEquals(200, adapters.status());
        JsonNode localfs = null;
        for (JsonNode a : adapters.body()) {
            if (a.path("provider").asText().equals("localfs")) {
                localfs = a;
            }
        }
        assertTrue(adapters.text(), localfs != null);
        assertEquals(adapters.text(), "org.dtp.dtp-adapter-localfs", localfs.path("bundle").asText());
        assertTrue(adapters.text(), localfs.path("verticals").path("MEDIA").toString().contains("EXPORT"));
        assertTrue(adapters.text(), localfs.path("verticals").path("MEDIA").toString().contains("IMPORT"));

        String table = shell("dtp:adapters");
        assertTrue(table, table.contains("localfs") && table.contains("media") && table.contains("export, import"));
    }

    @Test
    public void movesSamplePhotosBetweenFoldersThroughTheRestApi() throws Exception {
        installLocalfs();
        Path source = workDir("source");
        Path destination = workDir("destination");
        Path samples = Paths.get(System.getProperty("dtp.samples"));
        Path album = Files.createDirectories(source.resolve("Holiday"));
        int copied = 0;
        try (Stream<Path> files = Files.list(samples)) {
            for (Path sample : (Iterable<Path>) files::iterator) {
                String name = sample.getFileName().toString().toLowerCase();
                if (name.endsWith(".jpg") || name.endsWith(".jpeg")) {
                    Files.copy(sample, (copied % 2 == 0 ? album : source).resolve(sample.getFileName()));
                    copied++;
                }
            }
        }
        assertTrue("sample photos found in " + samples, copied >= 2);

        Rest.Reply created = rest().post("/transfers", Rest.transferRequest(source.toString(), destination.toString()));
        assertEquals(created.text(), 201, created.status());
        String id = created.body().path("id").asText();

        Rest.Reply done = rest().await("/transfers/" + id, d -> d.toString().contains("\"COMPLETED\""), Duration.ofSeconds(60));
        Map<String, String> expected = MediaFolders.mediaFiles(source);
        assertEquals("every photo arrived byte-identical in its album", expected, MediaFolders.mediaFiles(destination));
        assertEquals(done.text(), copied, done.body().findValue("items").asLong());
        assertTrue(done.text(), done.body().findValue("bytes").asLong() > 0);

        // The sidecar keeps the metadata read from the original (EXIF taken time).
        try (Stream<Path> files = Files.walk(destination)) {
            long withTakenAt = files.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .map(p -> {
                        try {
                            return new ObjectMapper().readTree(p.toFile());
                        } catch (Exception e) {
                            throw new AssertionError(e);
                        }
                    })
                    .filter(n -> n.findValue("takenAt") != null)
                    .count();
            assertTrue("sidecars with takenAt: " + withTakenAt, withTakenAt >= 1);
        }

        String listing = shell("dtp:transfers");
        assertTrue(listing, listing.contains(id.substring(0, 8)) && listing.contains("COMPLETED"));
    }

    @Test
    public void badRequestsGetProblemResponsesAndCreateNoJob() throws Exception {
        installLocalfs();
        int before = rest().get("/transfers").body().size();
        Path existing = workDir("exists");

        Rest.Reply malformed = rest().post("/transfers", "{\"vertical\": ");
        assertEquals(malformed.text(), 400, malformed.status());
        assertTrue(malformed.contentType(), malformed.contentType().startsWith("application/problem+json"));

        Rest.Reply unknownAdapter = rest().post("/transfers", Rest.transferRequest(existing.toString(), existing.toString())
                .replaceFirst("localfs", "nowhere"));
        assertEquals(unknownAdapter.text(), 422, unknownAdapter.status());
        assertTrue(unknownAdapter.text(), unknownAdapter.body().path("detail").asText().contains("nowhere"));

        Rest.Reply unknownVertical = rest().post("/transfers", Rest.transferRequest(existing.toString(), existing.toString())
                .replace("\"media\"", "\"recipes\""));
        assertTrue(unknownVertical.text(), unknownVertical.status() == 400 || unknownVertical.status() == 422);
        assertTrue(unknownVertical.text(), unknownVertical.body().path("detail").asText().contains("recipes"));

        Rest.Reply unsupported = rest().post("/transfers", Rest.transferRequest(existing.toString(), existing.toString())
                .replace("\"media\"", "\"social\"")); // a vertical localfs does not archive
        assertEquals(unsupported.text(), 422, unsupported.status());
        assertTrue(unsupported.text(), unsupported.body().path("detail").asText().contains("social"));

        Rest.Reply missingFolder = rest().post("/transfers", Rest.transferRequest(existing.resolve("missing").toString(), existing.toString()));
        assertEquals(missingFolder.text(), 422, missingFolder.status());
        assertTrue(missingFolder.text(), missingFolder.body().path("detail").asText().contains("missing"));

        Rest.Reply unknownJob = rest().get("/transfers/" + java.util.UUID.randomUUID());
        assertEquals(404, unknownJob.status());

        assertEquals("no job half-created", before, rest().get("/transfers").body().size());
        String shellError = shell("dtp:start -s path=/tmp -d path=/tmp media nowhere localfs");
        assertTrue(shellError, shellError.contains("nowhere"));
        assertFalse(shellError, shellError.contains("Exception"));
    }
}
