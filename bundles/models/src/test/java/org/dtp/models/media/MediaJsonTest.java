package org.dtp.models.media;

import org.dtp.models.DataModel;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelJsonContract;
import org.junit.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertFalse;

public class MediaJsonTest extends ModelJsonContract {
    static PhotoAlbum album() {
        return new PhotoAlbum("al-1", "Urlaub – Côte d’Azur 🏖", null);
    }

    static MediaItem photo() {
        return new MediaItem("ph-1", MediaKind.PHOTO, "IMG_0042.HEIC", "Sonnenuntergang", "Nizza, été 2023",
                Instant.parse("2023-07-14T19:42:00Z"), new GeoLocation(43.6959, 7.2712, 12.5), 4032, 3024,
                Map.of("Make", "Apple", "Model", "iPhone 14"),
                new MediaRef("exporter://photos/ph-1", "image/heic", 2_345_678));
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(album(), photo());
    }

    @Test
    public void mediaRefsAreNotWrittenBesideTheContent() {
        assertFalse(json.write(photo()).contains("mediaRefs"));
    }
}
