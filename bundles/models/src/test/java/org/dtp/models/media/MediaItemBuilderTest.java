package org.dtp.models.media;

import org.dtp.models.MediaRef;
import org.junit.Test;

import java.time.Instant;
import java.util.Map;

import static org.dtp.models.RecordBuilders.assertFilled;
import static org.dtp.models.RecordBuilders.setEveryComponent;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class MediaItemBuilderTest {
    private static final MediaRef CONTENT = new MediaRef("exporter://photos/ph-1", "image/heic", 2_345_678);

    static MediaItem filled() {
        return new MediaItem("ph-1", MediaKind.PHOTO, "IMG_0042.HEIC", "Sonnenuntergang", "Nizza, été 2023",
                Instant.parse("2023-07-14T19:42:00Z"), new GeoLocation(43.6959, 7.2712, 12.5), 4032, 3024,
                Map.of("Make", "Apple"), CONTENT);
    }

    @Test
    public void everyComponentSetThroughTheBuilderGivesTheCanonicalRecord() {
        assertFilled(filled());

        assertEquals(filled(), setEveryComponent(filled(), MediaItem.builder()));
    }

    @Test
    public void toBuilderBuildsAnEqualCopy() {
        assertEquals(filled(), filled().toBuilder().build());
    }

    @Test
    public void unsetComponentsDefaultAsTheConstructorDoes() {
        MediaItem built = MediaItem.builder().id("v").kind(MediaKind.VIDEO).fileName("a.mp4").content(CONTENT).build();

        assertEquals(new MediaItem("v", MediaKind.VIDEO, "a.mp4", null, null, null, null, null, null, null, CONTENT),
                built);
        assertEquals(Map.of(), built.exif());
    }

    @Test
    public void buildChecksAsTheConstructorDoes() {
        assertThrows(NullPointerException.class, () -> MediaItem.builder().id("v").kind(MediaKind.VIDEO).build());
    }
}
