package org.dtp.adapters.microsoft;

import org.dtp.adapters.microsoft.media.OneDriveMediaImporter;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.ProviderAnswer;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Graph's quotaLimitReached is the destination full (the transfer pauses), not an item refused. */
public class StorageQuotaTest {
    private final Fixture f = new Fixture(2, 1);

    public StorageQuotaTest() throws Exception {
    }

    @After
    public void close() {
        f.close();
    }

    @Test
    public void quotaLimitReachedPausesTheTransferAsADestinationFull() {
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        f.fake.quotaLimitReached(1);
        DestinationFullException e = assertThrows(DestinationFullException.class, () -> new OneDriveMediaImporter(f.connector)
                .importContainer(context, "a", new PhotoAlbum("a", "Trip", null), null));
        assertTrue(e.getMessage(), e.getMessage().contains("(403 Forbidden)") && e.getMessage().contains("quotaLimitReached"));
    }

    @Test
    public void theCodeCountsInAnInnerErrorToo() {
        String body = "{\"error\":{\"code\":\"accessDenied\",\"message\":\"no\",\"innererror\":{\"code\":\"quotaLimitReached\"}}}";
        ProviderAnswer answer = new ProviderAnswer("PUT", URI.create("https://graph.microsoft.com/v1.0/me/drive"), 403,
                HttpHeaders.of(Map.of(), (n, v) -> true), body.getBytes(StandardCharsets.UTF_8));
        assertEquals(AnswerOutcome.Kind.DESTINATION_FULL, StorageQuota.judge(answer).kind());
        ProviderAnswer other = new ProviderAnswer("PUT", URI.create("https://graph.microsoft.com/v1.0/me/drive"), 403,
                HttpHeaders.of(Map.of(), (n, v) -> true),
                "{\"error\":{\"code\":\"accessDenied\"}}".getBytes(StandardCharsets.UTF_8));
        assertEquals(AnswerOutcome.Kind.BY_STATUS, StorageQuota.judge(other).kind());
    }
}
