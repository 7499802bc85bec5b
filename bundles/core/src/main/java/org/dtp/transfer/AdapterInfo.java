package org.dtp.transfer;

import org.dtp.models.Vertical;

import java.util.Map;
import java.util.Set;

/**
 * An installed adapter as operators see it: its provider, the bundle that serves it and what it can
 * do per vertical.
 */
public record AdapterInfo(
        String provider,
        String name,
        String bundleSymbolicName,
        String bundleVersion,
        Map<Vertical, Set<Direction>> capabilities) {

    public AdapterInfo {
        capabilities = Map.copyOf(capabilities);
    }

    public boolean supports(Vertical vertical, Direction direction) {
        return capabilities.getOrDefault(vertical, Set.of()).contains(direction);
    }
}
