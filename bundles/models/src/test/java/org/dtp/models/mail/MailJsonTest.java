package org.dtp.models.mail;

import org.dtp.models.DataModel;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelFormatException;
import org.dtp.models.ModelJsonContract;
import org.junit.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;

public class MailJsonTest extends ModelJsonContract {
    private static final MediaRef RAW = new MediaRef("exporter://imap/INBOX/4711", "message/rfc822", 18734);

    static MailFolder folder() {
        return new MailFolder("f-1", "Entwürfe", "[Gmail]/Entwürfe", "/", SpecialUse.DRAFTS, null);
    }

    static MailMessage message() {
        return new MailMessage("m-4711", RAW, "<CAF=4711@mail.example.org>", "Re: Übergabe – nächste Schritte 🚀",
                "Zoë Ångström <zoe@example.org>", List.of("team@example.org", "\"李雷\" <li@example.cn>"),
                OffsetDateTime.parse("2024-03-04T10:15:30+01:00"),
                new MailFlags(true, true, false, false, false, List.of("$Forwarded", "$label1")),
                List.of("Projekte/Übergabe", "\\Important"),
                Instant.parse("2024-03-04T09:15:41Z"), 18734);
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(folder(), message());
    }

    @Test
    public void theDateHeaderKeepsTheSendersOffset() {
        assertEquals(OffsetDateTime.parse("2024-03-04T10:15:30+01:00").getOffset(), roundTrip(message()).date().getOffset());
    }

    @Test
    public void theRawMessageIsTheOnlyMediaAndIsNotWrittenTwice() {
        String text = json.write(message());

        assertEquals(List.of(RAW), message().mediaRefs());
        assertFalse(text, text.contains("mediaRefs"));
    }

    @Test
    public void anUnregisteredSpecialUseKeepsItsText() {
        MailFolder f = new MailFolder("f-2", "Scheduled", "Scheduled", null, SpecialUse.OTHER, "\\Scheduled");

        assertEquals(f, roundTrip(f));
    }

    @Test
    public void aMessageWithoutFlagsHasAllFlagsCleared() {
        MailMessage m = MailMessage.builder().id("m-1").raw(RAW).build();

        assertEquals(new MailFlags(false, false, false, false, false, List.of()), m.flags());
    }

    @Test
    public void aMessageWithoutRawIsRefused() {
        String text = json.write(message()).replaceFirst("\"raw\":\\{[^}]*\\},", "");

        assertFalse(text, text.contains("\"raw\""));
        assertThrows(ModelFormatException.class, () -> json.read(text, MailMessage.class));
    }
}
