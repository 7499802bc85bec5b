package org.dtp.itests;

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
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A third party's adapter, as the archetype makes it, on a running server: the media project that the archetype
 * module's integration test generates, builds and installs (archetypes/adapter/src/test/resources/projects/media)
 * is added as a feature repository of its own and installed, is listed with its origin, and carries photos from a
 * local folder into its example service and back, byte for byte.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ArchetypeAdapterIT {
    /** The generated project's coordinates, as its archetype.properties gives them. */
    private static final String REPOSITORY = "mvn:com.example.dtp/dtp-adapter-examplemedia-features/1.0.0-SNAPSHOT/xml/features";
    private static final String FEATURE = "dtp-adapter-examplemedia";
    private static final String PROVIDER = "examplemedia";

    @Inject
    private FeaturesService features;

    @Inject
    private SessionFactory sessions;

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    @Test
    public void theGeneratedAdapterInstallsFromItsOwnRepositoryAndMovesPhotosBothWays() throws Exception {
        Rest rest = DtpContainer.rest();
        features.addRepository(URI.create(REPOSITORY));
        features.installFeature(FEATURE, EnumSet.noneOf(FeaturesService.Option.class));
        features.installFeature("dtp-adapter-localfs", EnumSet.noneOf(FeaturesService.Option.class));
        Rest.Reply adapters = rest.await("/adapters", list -> Rest.adapter(list, PROVIDER) != null
                && Rest.adapter(list, "localfs") != null, Duration.ofSeconds(60));
        assertEquals(adapters.text(), "[\"EXPORT\",\"IMPORT\"]",
                Rest.adapter(adapters.body(), PROVIDER).path("verticals").path("MEDIA").toString());

        String table = Shell.run(sessions, "dtp:adapters");
        // the table of adapter bundles, after the one of adapters, starts its rows with the bundle's name
        String bundleRow = table.lines().filter(l -> l.startsWith("com.example.dtp.")).findFirst().orElse("");
        assertTrue(table, bundleRow.contains("active") && bundleRow.contains(REPOSITORY));

        Path work = Files.createDirectories(Paths.get(System.getProperty("dtp.work"), "archetype-" + System.nanoTime()));
        Path photos = work.resolve("photos");
        Path service = Files.createDirectories(work.resolve("example-service"));
        Path back = work.resolve("back");
        MediaFolders.generate(photos, 2, 25);

        complete(rest, Rest.transferRequest("localfs", "path", photos.toString(), PROVIDER, "folder", service.toString()), 50);
        complete(rest, Rest.transferRequest(PROVIDER, "folder", service.toString(), "localfs", "path", back.toString()), 50);
        assertEquals("every photo came back byte for byte", contents(photos), contents(back));

        features.uninstallFeature(FEATURE);
        rest.await("/adapters", list -> Rest.adapter(list, PROVIDER) == null, Duration.ofSeconds(60));
        features.removeRepository(URI.create(REPOSITORY));
    }

    private static void complete(Rest rest, String request, int items) throws Exception {
        Rest.Reply created = rest.post("/transfers", request);
        assertEquals(created.text(), 201, created.status());
        String id = created.body().path("id").asText();
        Rest.Reply done = rest.await("/transfers/" + id, d -> d.path("job").path("state").asText().matches("COMPLETED|FAILED|CANCELLED"),
                Duration.ofSeconds(120));
        assertEquals(done.text(), "COMPLETED", done.body().path("job").path("state").asText());
        assertEquals(done.text(), items, done.body().path("job").path("items").asLong());
    }

    /** The SHA-256 of every media file under {@code root}, sorted: where the service put them is its own affair. */
    private static List<String> contents(Path root) throws Exception {
        List<String> hashes = new ArrayList<>(MediaFolders.mediaFiles(root).values());
        Collections.sort(hashes);
        return hashes;
    }
}
