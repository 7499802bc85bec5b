package org.dtp.models.social;

import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.junit.Test;

import java.time.Instant;
import java.util.List;

import static org.dtp.models.RecordBuilders.assertFilled;
import static org.dtp.models.RecordBuilders.setEveryComponent;
import static org.junit.Assert.assertEquals;

public class SocialPostBuilderTest {
    static SocialPost filled() {
        return new SocialPost("p-1", "@zoe@example.social", "Grüße aus Kyōto! #reisen @li",
                Instant.parse("2024-04-02T03:04:05Z"), "https://example.social/@zoe/p-1", "de", "p-0",
                "https://other.example/@li/99", List.of("reisen"), List.of("@li@example.social"),
                new GeoLocation(35.0116, 135.7681, null),
                List.of(new MediaRef("exporter://posts/p-1/0", "image/jpeg", 204_800)));
    }

    @Test
    public void everyComponentSetThroughTheBuilderGivesTheCanonicalRecord() {
        assertFilled(filled());

        assertEquals(filled(), setEveryComponent(filled(), SocialPost.builder()));
    }

    @Test
    public void toBuilderBuildsAnEqualCopy() {
        assertEquals(filled(), filled().toBuilder().build());
    }

    @Test
    public void unsetComponentsDefaultAsTheConstructorDoes() {
        SocialPost built = SocialPost.builder().id("p").build();

        assertEquals(new SocialPost("p", null, null, null, null, null, null, null, null, null, null, null), built);
        assertEquals(List.of(), built.attachments());
    }
}
