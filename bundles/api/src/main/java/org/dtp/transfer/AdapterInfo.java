package org.dtp.transfer;

import org.dtp.models.Vertical;

import java.util.Map;
import java.util.Set;

/**
 * An installed adapter as operators see it: its provider, the bundle that serves it, what it can do per
 * vertical, and (since 1.2) how many unfinished transfers (queued, running or paused) use its provider per
 * vertical, on either side.
 */
public record AdapterInfo(
        String provider,
        String name,
        String bundleSymbolicName,
        String bundleVersion,
        Map<Vertical, Set<Direction>> capabilities,
        Map<Vertical, Long> activeTransfers) {

    public AdapterInfo {
        capabilities = Map.copyOf(capabilities);
        activeTransfers = activeTransfers == null ? Map.of() : Map.copyOf(activeTransfers);
    }

    /** An adapter no transfer uses (the 1.1 constructor). */
    public AdapterInfo(String provider, String name, String bundleSymbolicName, String bundleVersion,
                       Map<Vertical, Set<Direction>> capabilities) {
        this(provider, name, bundleSymbolicName, bundleVersion, capabilities, Map.of());
    }

    /** This adapter with the given counts of unfinished transfers. */
    public AdapterInfo withActiveTransfers(Map<Vertical, Long> counts) {
        return new AdapterInfo(provider, name, bundleSymbolicName, bundleVersion, capabilities, counts);
    }

    /** Unfinished transfers using this provider in {@code vertical}. */
    public long activeTransfers(Vertical vertical) {
        return activeTransfers.getOrDefault(vertical, 0L);
    }

    public boolean supports(Vertical vertical, Direction direction) {
        return capabilities.getOrDefault(vertical, Set.of()).contains(direction);
    }
}
