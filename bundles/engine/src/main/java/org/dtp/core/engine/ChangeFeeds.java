package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.core.store.JobStoreException;
import org.dtp.core.store.LeaseLostException;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;

import java.util.Optional;
import java.util.UUID;

/**
 * The change feeds of a run that remembers (it has a mapping scope and copies all of the source): what the source
 * side's {@link org.dtp.spi.TransferContext#changeToken} and {@link org.dtp.spi.TransferContext#recordChangeToken}
 * read and write, in the job store under the run's scope. A run that selects part of the source has none.
 */
final class ChangeFeeds {
    /** What the SPI lets a feed's name and a token be at most. */
    private static final int MAX_FEED = 1_000;
    private static final int MAX_TOKEN = 65_536;

    private final JobStore store;
    private final UUID jobId;
    private final long epoch;
    private final String scope;

    ChangeFeeds(JobStore store, UUID jobId, long epoch, String scope) {
        this.store = store;
        this.jobId = jobId;
        this.epoch = epoch;
        this.scope = scope;
    }

    Optional<String> token(String feed) {
        return store.changeToken(scope, feed);
    }

    /** A lease lost is thrown as it is (the run ends); a store that could not write, as a transient failure. */
    void record(String feed, String token) throws AdapterException {
        if (feed.length() > MAX_FEED || token.length() > MAX_TOKEN) {
            throw new IllegalArgumentException("a change feed's name takes at most " + MAX_FEED + " characters and a "
                    + "token " + MAX_TOKEN + "; were " + feed.length() + " and " + token.length());
        }
        try {
            store.recordChangeToken(jobId, epoch, scope, feed, token);
        } catch (LeaseLostException e) {
            throw e;
        } catch (JobStoreException e) {
            throw new TransientAdapterException("the change token could not be stored: " + e.getMessage(), e);
        }
    }
}
