package org.dtp.adapters.flickr;

import org.dtp.spi.ExportCursor;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.ClusterPermits;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class RateLimitTest {
    private Fixture f;

    @Before
    public void start() throws Exception {
        f = new Fixture();
    }

    @After
    public void stop() {
        f.close();
    }

    @Test
    public void requestsKeepToTheHourlyLimitAsARate() throws Exception {
        // 36,000 an hour is 10 a second: a burst of 10, then one every 100 ms
        long start = System.nanoTime();
        FlickrMediaExporter exporter = new FlickrMediaExporter(new FlickrConnector(f.settings(36_000, 500)));
        for (int i = 0; i < 25; i++) {
            exporter.export(f.source(), ExportCursor.root());
        }
        List<Long> times = f.fake.callTimes();
        assertEquals(25, times.size());
        // The 25th call's slot is 15 intervals after the limiter began, which is after start (measured from the first
        // call, a first call late on a loaded machine would let the others catch up with their slots).
        long millis = (times.get(24) - start) / 1_000_000;
        assertTrue("25 calls at 10/s after a burst of 10 took only " + millis + " ms", millis >= 1450);
    }

    @Test
    public void aThrottledAnswerIsTransientWithItsRetryAfterAndSlowsTheLimiter() throws Exception {
        FlickrConnector connector = f.connector();
        FlickrMediaExporter exporter = new FlickrMediaExporter(connector);
        f.fake.throttleNext(1, 7);
        TransientAdapterException e = org.junit.Assert.assertThrows(TransientAdapterException.class,
                () -> exporter.export(f.source(), ExportCursor.root()));
        assertEquals(Duration.ofSeconds(7), e.retryAfter().orElseThrow());
        assertEquals(1, connector.rateLimiter().throttles());
        assertTrue(connector.rateLimiter().currentRate() < connector.rateLimiter().permitsPerSecond());
    }

    @Test
    public void everyRequestAlsoTakesAPermitOfTheClusterUnderTheApiKey() throws Exception {
        List<String> taken = new CopyOnWriteArrayList<>();
        ClusterPermits permits = (key, perSecond) -> taken.add(key + "@" + perSecond);
        FlickrConnector connector = new FlickrConnector(f.settings(3600, 500));
        connector.bindClusterPermits(permits);
        FlickrMediaExporter exporter = new FlickrMediaExporter(connector);
        exporter.export(f.source(), ExportCursor.root());
        exporter.export(f.source(), new ExportCursor(null, "n1"));

        assertEquals(2, taken.size());
        assertTrue(taken.get(0), taken.get(0).matches("flickr:key:[0-9a-f]{32}@1"));
        assertTrue(!taken.get(0).contains(f.fake.consumerKey()));
    }
}
