package org.dtp.adapters.smugmug;

import org.dtp.core.testing.TestEngine;
import org.dtp.fakes.faults.FaultInjectingProxy;
import org.dtp.fakes.faults.FaultInjectingProxy.Fault;
import org.dtp.fakes.smugmug.FakeSmugMug;
import org.dtp.models.Vertical;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * SmugMug to SmugMug through a proxy that fails requests the way providers do (5xx, 429 with Retry-After,
 * connection resets, slow answers, truncated downloads and lost upload answers), at fixed rates and bounded:
 * the transfer completes with every photo exactly once, Retry-After is honoured, the adapter slows down after a
 * 429. Prints the figures.
 */
public class FaultInjectionTest {
    private static final int ALBUMS = 3;
    private static final int PER_ALBUM = 40;
    private Fixture f;
    private FaultInjectingProxy proxy;
    private TestEngine engine;

    @After
    public void close() {
        if (engine != null) {
            engine.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        if (f != null) {
            f.close();
        }
    }

    @Test
    public void aTransferThroughFaultsCompletesWithEveryPhotoExactlyOnce() throws Exception {
        f = new Fixture();
        FakeSmugMug.Account bob = f.fake.addUser("bob");
        Random random = new Random(3);
        Map<String, String> expected = new TreeMap<>();
        for (int a = 0; a < ALBUMS; a++) {
            String album = f.fake.addAlbum("ann", "Album " + a);
            for (int i = 0; i < PER_ALBUM; i++) {
                byte[] bytes = new byte[5_000 + random.nextInt(40_000)];
                random.nextBytes(bytes);
                String name = String.format("photo-%03d.jpg", i);
                String key = f.fake.addImage(album, name, bytes, "Photo " + i, null);
                expected.put("Album " + a + "/" + name, f.fake.images(album).stream()
                        .filter(img -> img.imageKey().equals(key)).findFirst().orElseThrow().md5());
            }
        }
        proxy = FaultInjectingProxy.start(f.fake.apiBaseUri(), new FaultInjectingProxy.Plan(Map.of(
                Fault.SERVER_ERROR, 0.04, Fault.TOO_MANY_REQUESTS, 0.03, Fault.CONNECTION_RESET, 0.03,
                Fault.SLOW, 0.02, Fault.TRUNCATED_BODY, 0.03), 60, 1, Duration.ofMillis(300), 11));

        SmugMugConnector connector = new SmugMugConnector(f.settings()
                .api(proxy.uri(), java.net.URI.create(proxy.uri() + "/")).pageSize(10).requestsPerSecond(200).build());
        // Enough attempts that a bounded run of faults cannot exhaust them; waits as SmugMug's Retry-After says.
        engine = new TestEngine(10, Duration.ofSeconds(2))
                .exporter("smugmug", Vertical.MEDIA, new SmugMugMediaExporter(connector))
                .importer("smugmug", Vertical.MEDIA, new SmugMugMediaImporter(connector));

        long start = System.nanoTime();
        TransferJob done = engine.run(Vertical.MEDIA, f.endpoint(f.ann), f.endpoint(bob));
        double seconds = (System.nanoTime() - start) / 1e9;

        Map<String, String> arrived = new TreeMap<>();
        int duplicates = 0;
        for (FakeSmugMug.StoredAlbum album : f.fake.albums("bob")) {
            for (FakeSmugMug.StoredImage image : f.fake.images(album.albumKey())) {
                if (arrived.put(album.name() + "/" + image.fileName(), image.md5()) != null) {
                    duplicates++;
                }
            }
        }
        long lost = expected.keySet().stream().filter(k -> !arrived.containsKey(k)).count();
        System.out.printf("fault injection: %d items in %.1f s; proxy saw %s; adapter throttled %d times by 429 "
                        + "(rate now %.0f/s), shortest gap after a 429 %s, %d sent during a Retry-After; %d duplicates, %d lost%n",
                done.items(), seconds, proxy, connector.rateLimiter().throttles(),
                connector.rateLimiter().currentRate(),
                proxy.shortestGapAfterTooManyRequests().map(d -> d.toMillis() + " ms").orElse("-"),
                proxy.requestsSentDuringRetryAfter(), duplicates, lost);

        assertEquals(done.toString(), JobState.COMPLETED, done.state());
        assertEquals(ALBUMS * PER_ALBUM, done.items());
        assertTrue("faults were injected: " + proxy, proxy.faults() >= 30);
        assertEquals("no photo duplicated", 0, duplicates);
        assertEquals("every photo exactly once, byte-identical", expected, arrived);
        assertTrue("the adapter slowed down after 429s", connector.rateLimiter().throttles() > 0);
        // The shortest gap can be a request another thread had in flight when the 429 came; none may be sent after.
        assertEquals("requests sent while a Retry-After (1 s) ran", 0, proxy.requestsSentDuringRetryAfter());
    }
}
