package org.dtp.core.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * How many items of one job the operator lets an importer take at once: a cap for every job, and lower caps for
 * some providers (their accounts' allowance may be smaller than what the adapter declares).
 */
record InFlightLimits(int perJob, Map<String, Integer> perProvider) {
    InFlightLimits {
        if (perJob < 1) {
            throw new IllegalArgumentException("items in flight per job must be at least 1, not " + perJob);
        }
        perProvider = Map.copyOf(perProvider);
    }

    /** From the configuration: {@code perProvider} entries read {@code provider=N}. */
    static InFlightLimits of(int perJob, String[] perProvider) {
        Map<String, Integer> caps = new HashMap<>();
        for (String entry : perProvider == null ? new String[0] : perProvider) {
            int eq = entry.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("items in flight per provider: '" + entry + "' is not provider=N");
            }
            int cap;
            try {
                cap = Integer.parseInt(entry.substring(eq + 1).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("items in flight per provider: '" + entry + "' is not provider=N");
            }
            if (cap < 1) {
                throw new IllegalArgumentException("items in flight per provider: '" + entry + "' must be at least 1");
            }
            caps.put(entry.substring(0, eq).trim(), cap);
        }
        return new InFlightLimits(perJob, caps);
    }

    /** The items a job imports at once into {@code provider}, whose importer declared {@code declared}. */
    int limitFor(String provider, int declared) {
        return Math.max(1, Math.min(declared, Math.min(perJob, perProvider.getOrDefault(provider, Integer.MAX_VALUE))));
    }
}
