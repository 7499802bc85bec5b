package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.karaf.features.FeaturesService;
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

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The CardDAV and CalDAV adapter features install on a running server (their embedded ez-vcard and biweekly
 * resolve inside OSGi), list what they do, and check a transfer's settings before it starts. Their transfers
 * against a real Radicale are tested in their modules.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class DavAdaptersIT {
    @Inject
    private FeaturesService features;

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    @Test
    public void theDavFeaturesInstallAndTheirAdaptersAreListed() throws Exception {
        features.installFeature("dtp-adapter-carddav", EnumSet.noneOf(FeaturesService.Option.class));
        features.installFeature("dtp-adapter-caldav", EnumSet.noneOf(FeaturesService.Option.class));
        JsonNode adapters = DtpContainer.rest().await("/adapters", a -> Rest.adapter(a, "carddav") != null
                && Rest.adapter(a, "caldav") != null && Rest.adapter(a, "caldav").path("verticals").has("TASKS"), Duration.ofSeconds(30)).body();
        assertEquals("[\"EXPORT\",\"IMPORT\"]", Rest.adapter(adapters, "carddav").path("verticals").path("CONTACTS").toString());
        assertEquals("[\"EXPORT\",\"IMPORT\"]", Rest.adapter(adapters, "caldav").path("verticals").path("CALENDAR").toString());
        assertEquals("[\"EXPORT\",\"IMPORT\"]", Rest.adapter(adapters, "caldav").path("verticals").path("TASKS").toString());

        Rest.Reply refused = DtpContainer.rest().post("/transfers", "{\"vertical\":\"contacts\","
                + "\"source\":{\"provider\":\"carddav\",\"settings\":{\"url\":\"https://dav.example.org/\",\"username\":\"ann\"}},"
                + "\"destination\":{\"provider\":\"carddav\",\"settings\":{\"url\":\"not a url\",\"username\":\"bob\",\"password\":\"x\"}}}");
        assertEquals(refused.text(), 422, refused.status());
        assertTrue(refused.text(), refused.body().path("detail").asText().startsWith("source: "));
    }
}
