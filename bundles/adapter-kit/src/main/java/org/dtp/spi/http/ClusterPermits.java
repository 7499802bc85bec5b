package org.dtp.spi.http;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Request permits counted for every node of a cluster together, so that a provider's limit (N requests per second
 * for this application, or for one user) holds however many nodes run transfers. The engine's bundle registers it
 * as a service on the job store's database; an adapter references it (optionally: a node without it counts alone)
 * and hands it to its {@link RateLimiter} with {@link RateLimiter#sharedWith}. Since 1.1.
 */
@ProviderType
public interface ClusterPermits {
    /**
     * Takes one of the {@code perSecond} permits of the current second under {@code key} (e.g. "smugmug" or
     * "smugmug:user-hash"), waiting for a later second when this one is used up.
     */
    void acquire(String key, int perSecond) throws InterruptedException;
}
