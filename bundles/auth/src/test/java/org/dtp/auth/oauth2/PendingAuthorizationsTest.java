package org.dtp.auth.oauth2;

import org.dtp.transfer.Direction;
import org.junit.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class PendingAuthorizationsTest {
    private final MutableClock clock = new MutableClock();
    private final InMemoryPendingAuthorizations store = new InMemoryPendingAuthorizations(Duration.ofMinutes(10), 3, clock);

    private PendingAuthorization pending(String state) {
        return new PendingAuthorization(state, "session", UUID.randomUUID(), "source", "photos", Direction.EXPORT,
                URI.create("https://dtp.example.org/callback"), "verifier-" + state, clock.instant());
    }

    @Test
    public void aStateIsTakenOnceEvenByManyThreadsAtOnce() throws Exception {
        store.save(pending("s1"));
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Boolean>> takes = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Callable<Boolean> take = () -> {
                    go.await();
                    return store.take("s1").isPresent();
                };
                takes.add(pool.submit(take));
            }
            go.countDown();
            int got = 0;
            for (Future<Boolean> take : takes) {
                got += take.get() ? 1 : 0;
            }
            assertEquals(1, got);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    public void aStateOlderThanTheTimeToLiveIsRefused() {
        store.save(pending("s1"));
        store.save(pending("s2"));
        clock.advance(Duration.ofMinutes(10));
        assertTrue("exactly the time to live is still good", store.take("s1").isPresent());
        clock.advance(Duration.ofSeconds(1));
        assertFalse(store.take("s2").isPresent());
    }

    @Test
    public void theStoreIsBoundedAndDropsExpiredOnesWhenFull() {
        store.save(pending("s1"));
        store.save(pending("s2"));
        store.save(pending("s3"));
        assertThrows(IllegalStateException.class, () -> store.save(pending("s4")));
        clock.advance(Duration.ofMinutes(11));
        store.save(pending("s4"));
        assertEquals(1, store.size());
    }

    @Test
    public void aStateCannotBeSavedTwice() {
        store.save(pending("s1"));
        assertThrows(IllegalStateException.class, () -> store.save(pending("s1")));
    }

    @Test
    public void theVerifierIsNeverShown() {
        assertFalse(pending("s1").toString().contains("verifier-s1"));
        assertThrows(IllegalArgumentException.class, () -> new PendingAuthorization("s", "session", UUID.randomUUID(), "middle",
                "photos", Direction.EXPORT, URI.create("https://dtp.example.org/callback"), "v", clock.instant()));
    }
}
