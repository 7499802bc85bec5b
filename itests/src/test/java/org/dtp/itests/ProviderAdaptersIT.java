package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Every provider adapter's feature installs into the assembly, its bundle resolves against what the dtp features
 * provide, its services say what it can do per vertical (an export-only provider says so in the REST API and the
 * shell), and uninstalling the feature takes the adapter away again.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ProviderAdaptersIT {
    /** Per feature: its provider, and per vertical what it does as the REST API lists it. */
    private record Expected(String provider, Map<String, String> verticals) {
    }

    private static final Map<String, Expected> FEATURES = new LinkedHashMap<>();

    static {
        FEATURES.put("dtp-adapter-flickr", new Expected("flickr", Map.of("MEDIA", "[\"EXPORT\",\"IMPORT\"]")));
        FEATURES.put("dtp-adapter-rememberthemilk", new Expected("rememberthemilk", Map.of("TASKS", "[\"EXPORT\",\"IMPORT\"]")));
        FEATURES.put("dtp-adapter-google", new Expected("google", Map.of("MEDIA", "[\"EXPORT\",\"IMPORT\"]", "CALENDAR", "[\"EXPORT\",\"IMPORT\"]", "TASKS", "[\"EXPORT\",\"IMPORT\"]",
                "CONTACTS", "[\"EXPORT\",\"IMPORT\"]", "MAIL", "[\"EXPORT\",\"IMPORT\"]")));
        FEATURES.put("dtp-adapter-microsoft", new Expected("microsoft", Map.of("MEDIA", "[\"EXPORT\",\"IMPORT\"]", "TASKS", "[\"EXPORT\",\"IMPORT\"]",
                "CONTACTS", "[\"EXPORT\",\"IMPORT\"]", "CALENDAR", "[\"EXPORT\",\"IMPORT\"]", "MAIL", "[\"EXPORT\",\"IMPORT\"]")));
        FEATURES.put("dtp-adapter-spotify", new Expected("spotify", Map.of("PLAYLISTS", "[\"EXPORT\",\"IMPORT\"]")));
        FEATURES.put("dtp-adapter-twitter", new Expected("twitter", Map.of("SOCIAL", "[\"EXPORT\"]", "MEDIA", "[\"EXPORT\"]")));
        FEATURES.put("dtp-adapter-instagram", new Expected("instagram", Map.of("MEDIA", "[\"EXPORT\"]")));
        FEATURES.put("dtp-adapter-facebook", new Expected("facebook", Map.of("MEDIA", "[\"EXPORT\"]")));
        FEATURES.put("dtp-adapter-archives", new Expected("takeout", Map.of("MEDIA", "[\"EXPORT\"]", "MAIL", "[\"EXPORT\"]", "CONTACTS", "[\"EXPORT\"]",
                "CALENDAR", "[\"EXPORT\"]", "TASKS", "[\"EXPORT\"]", "PLAYLISTS", "[\"EXPORT\"]")));
    }

    @Inject
    private FeaturesService features;

    @Inject
    private SessionFactory sessions;

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    @Test
    public void eachProviderFeatureInstallsListsWhatItCanDoAndUninstalls() throws Exception {
        Rest rest = DtpContainer.rest();
        for (Map.Entry<String, Expected> entry : FEATURES.entrySet()) {
            String feature = entry.getKey();
            Expected expected = entry.getValue();
            features.installFeature(feature, EnumSet.noneOf(FeaturesService.Option.class));
            Rest.Reply listed = rest.await("/adapters", adapters -> Rest.adapter(adapters, expected.provider()) != null
                    && Rest.adapter(adapters, expected.provider()).path("verticals").size() == expected.verticals().size(),
                    Duration.ofSeconds(60));
            JsonNode adapter = Rest.adapter(listed.body(), expected.provider());
            Map<String, String> verticals = new TreeMap<>();
            adapter.path("verticals").fields().forEachRemaining(v -> verticals.put(v.getKey(), v.getValue().toString()));
            assertEquals(feature + ": " + listed.text(), new TreeMap<>(expected.verticals()), verticals);

            String table = Shell.run(sessions, "dtp:adapters");
            String line = table.lines().filter(l -> l.contains(expected.provider())).findFirst().orElse("");
            assertTrue(table, line.contains("export"));
            assertEquals(table, expected.verticals().values().stream().anyMatch(v -> v.contains("IMPORT")), line.contains("import"));

            features.uninstallFeature(feature);
            rest.await("/adapters", adapters -> Rest.adapter(adapters, expected.provider()) == null, Duration.ofSeconds(60));
        }
    }

}
