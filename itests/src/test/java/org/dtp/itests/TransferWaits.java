package org.dtp.itests;

import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferService;

import java.time.Duration;
import java.util.UUID;
import java.util.function.Predicate;

import static org.junit.Assert.assertFalse;

/** Polls the engine's view of a transfer until it reaches a state or a count (call inside the container). */
final class TransferWaits {
    private final TransferService transfers;

    TransferWaits(TransferService transfers) {
        this.transfers = transfers;
    }

    TransferDetails details(UUID id) {
        return transfers.details(id).orElseThrow();
    }

    /** Waits until the transfer copied {@code items} and checks it is still going. */
    void items(UUID id, long items) throws Exception {
        until(id, d -> d.job().items() >= items, Duration.ofSeconds(60));
        assertFalse("still running when the adapter changes", details(id).job().state().isFinal());
    }

    TransferDetails state(UUID id, JobState state) throws Exception {
        return until(id, d -> d.job().state() == state, Duration.ofSeconds(30));
    }

    TransferDetails end(UUID id) throws Exception {
        return until(id, d -> d.job().state().isFinal(), Duration.ofMinutes(3));
    }

    TransferDetails until(UUID id, Predicate<TransferDetails> done, Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        TransferDetails last = null;
        while (System.nanoTime() < end) {
            last = details(id);
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("timed out; last: " + last);
    }
}
