package org.dtp.models.social;

import org.dtp.models.DataModel;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelJsonContract;
import org.dtp.models.media.GeoLocation;
import org.junit.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class SocialJsonTest extends ModelJsonContract {
    private static final List<MediaRef> ATTACHMENTS = List.of(
            new MediaRef("exporter://posts/p-1/0", "image/jpeg", 204_800),
            new MediaRef("exporter://posts/p-1/1", "video/mp4", -1));

    static SocialFeed feed() {
        return new SocialFeed("feed-1", "Zoës Timeline");
    }

    static SocialPost post() {
        return new SocialPost("p-1", "@zoe@example.social", "Grüße aus Kyōto! 🌸 #reisen #日本 @li",
                Instant.parse("2024-04-02T03:04:05Z"), "https://example.social/@zoe/p-1", "de",
                "p-0", null, List.of("reisen", "日本"), List.of("@li@example.social"),
                new GeoLocation(35.0116, 135.7681, null), ATTACHMENTS);
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(feed(), post());
    }

    @Test
    public void aRepostWithoutTextRoundTrips() {
        SocialPost repost = SocialPost.builder()
                .id("p-2")
                .author("@zoe@example.social")
                .publishedAt(Instant.parse("2024-04-03T00:00:00Z"))
                .repostOf("https://other.example/@li/99")
                .build();

        assertEquals(repost, roundTrip(repost));
    }

    @Test
    public void attachmentsAreTheMediaRefsAndAreNotWrittenTwice() {
        String text = json.write(post());

        assertEquals(ATTACHMENTS, post().mediaRefs());
        assertTrue(text, text.contains("\"attachments\""));
        assertFalse(text, text.contains("mediaRefs"));
    }
}
