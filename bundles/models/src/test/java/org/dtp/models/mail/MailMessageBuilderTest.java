package org.dtp.models.mail;

import org.dtp.models.MediaRef;
import org.junit.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import static org.dtp.models.RecordBuilders.assertFilled;
import static org.dtp.models.RecordBuilders.setEveryComponent;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class MailMessageBuilderTest {
    private static final MediaRef RAW = new MediaRef("exporter://imap/INBOX/4711", "message/rfc822", 18734);

    static MailMessage filled() {
        return new MailMessage("m-4711", RAW, "<CAF=4711@mail.example.org>", "Re: Übergabe",
                "Zoë <zoe@example.org>", List.of("team@example.org"), OffsetDateTime.parse("2024-03-04T10:15:30+01:00"),
                new MailFlags(true, false, false, false, false, List.of("$Forwarded")), List.of("\\Important"),
                Instant.parse("2024-03-04T09:15:41Z"), 18734);
    }

    @Test
    public void everyComponentSetThroughTheBuilderGivesTheCanonicalRecord() {
        assertFilled(filled());

        assertEquals(filled(), setEveryComponent(filled(), MailMessage.builder()));
    }

    @Test
    public void toBuilderBuildsAnEqualCopy() {
        assertEquals(filled(), filled().toBuilder().build());
    }

    @Test
    public void unsetComponentsDefaultAsTheConstructorDoesAndTheSizeIsUnknown() {
        MailMessage built = MailMessage.builder().id("m").raw(RAW).build();

        assertEquals(new MailMessage("m", RAW, null, null, null, null, null, null, null, null, -1), built);
        assertEquals(new MailFlags(false, false, false, false, false, List.of()), built.flags());
        assertEquals(-1, built.size());
    }

    @Test
    public void buildChecksAsTheConstructorDoes() {
        assertThrows(NullPointerException.class, () -> MailMessage.builder().id("m").build());
    }
}
