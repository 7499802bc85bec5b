package org.dtp.adapters.microsoft;

import org.dtp.adapters.microsoft.media.OneDriveMediaExporter;
import org.dtp.adapters.microsoft.media.OneDriveMediaImporter;
import org.dtp.adapters.microsoft.fake.FakeGraph;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.OAuth2ErrorResponseException;
import org.dtp.conformance.ModelComparison;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class GraphTokensAndThrottlingTest {
    private final Fixture f;
    private final OneDriveMediaExporter exporter;

    public GraphTokensAndThrottlingTest() throws Exception {
        f = new Fixture(2, 1);
        exporter = new OneDriveMediaExporter(f.connector);
        for (int i = 0; i < 5; i++) {
            f.fake.file(FakeGraph.ROOT, "p" + i + ".jpg", "image/jpeg", Fixture.bytes(100, i), null);
        }
    }

    @After
    public void close() {
        f.close();
    }

    @Test
    public void anAccessTokenExpiredMidTransferIsRefreshedAndTheNewTokensAreKeptInTheJob() throws Exception {
        TestTransferContext context = f.source();
        Map<String, String> granted = context.endpoint().settings();
        ExportPage<PhotoAlbum, MediaItem> first = exporter.export(context, ExportCursor.root());
        assertEquals(2, first.items().size());

        f.fake.expireAccessTokens(); // Graph now answers 401 InvalidAuthenticationToken
        ExportPage<PhotoAlbum, MediaItem> second = exporter.export(context, new ExportCursor(null, first.continuation()));
        assertEquals(2, second.items().size());
        assertEquals(1, f.fake.refreshes());
        Map<String, String> now = context.endpoint().settings();
        assertNotEquals(granted.get(AuthorizationFlows.ACCESS_TOKEN), now.get(AuthorizationFlows.ACCESS_TOKEN));
        assertNotEquals("the rotated refresh token is kept", granted.get(AuthorizationFlows.REFRESH_TOKEN),
                now.get(AuthorizationFlows.REFRESH_TOKEN));

        // the next page, with a signer made anew from the job's settings, needs no refresh
        assertEquals(1, exporter.export(context, new ExportCursor(null, second.continuation())).items().size());
        assertEquals(1, f.fake.refreshes());
        // and media still come down without the token
        assertEquals(Fixture.sha256(Fixture.bytes(100, 0)), ModelComparison.sha256(exporter.openMedia(context, first.items().get(0).content())));
    }

    @Test
    public void aRefreshTokenMicrosoftRefusesIsAnAuthorizationErrorNotARetry() throws Exception {
        TestTransferContext context = new TestTransferContext(f.job, new TransferEndpoint("microsoft", Map.of(
                AuthorizationFlows.ACCESS_TOKEN, "at-unknown", AuthorizationFlows.REFRESH_TOKEN, "rt-revoked")));
        OAuth2ErrorResponseException e = assertThrows(OAuth2ErrorResponseException.class,
                () -> exporter.export(context, ExportCursor.root()));
        assertEquals("invalid_grant", e.error());
        assertTrue("no token in the message", !e.getMessage().contains("rt-revoked") && !e.getMessage().contains("at-unknown"));
    }

    @Test
    public void a429WithRetryAfterIsTransientAndHoldsBackTheNextRequest() throws Exception {
        TestTransferContext context = f.source();
        f.fake.throttle(1, 429, 1);
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> exporter.export(context, ExportCursor.root()));
        assertEquals(Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        assertEquals(1, f.connector.rateLimiter().throttles());

        long started = System.nanoTime();
        assertEquals(2, exporter.export(context, ExportCursor.root()).items().size());
        long waitedMillis = (System.nanoTime() - started) / 1_000_000;
        assertTrue("the limiter waited for Retry-After, " + waitedMillis + " ms", waitedMillis >= 900);
    }

    @Test
    public void a503WithRetryAfterIsTransientWithThatWait() {
        f.fake.throttle(1, 503, 7);
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> exporter.export(f.source(), ExportCursor.root()));
        assertEquals(Duration.ofSeconds(7), e.retryAfter().orElseThrow());
    }

    @Test
    public void anImportGoesOnAfterItsTokenExpires() throws Exception {
        byte[] bytes = Fixture.bytes(4 * MicrosoftSettings.CHUNK_UNIT, 9);
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(bytes));
        String album = new OneDriveMediaImporter(f.connector).importContainer(context, "a", new PhotoAlbum("a", "Trip", null), null);
        f.fake.expireAccessTokens();
        String id = new OneDriveMediaImporter(f.connector).importItem(context, "i", MediaItem.builder()
                .id("p")
                .kind(MediaKind.PHOTO)
                .fileName("x.jpg")
                .content(new MediaRef("mem:p", "image/jpeg", bytes.length))
                .build(), album);
        assertEquals(Fixture.sha256(bytes), Fixture.sha256(f.fake.item(id).bytes));
        assertEquals(1, f.fake.refreshes());
    }
}
