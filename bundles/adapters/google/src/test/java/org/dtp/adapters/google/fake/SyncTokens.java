package org.dtp.adapters.google.fake;

import java.util.HashMap;
import java.util.Map;

/**
 * The sync tokens of the fake's lists that offer them (Calendar events.list, People connections.list): each creation
 * or change of an entry takes the next change number; a token is "generation.changeNumber" and lists what changed
 * after it; {@link #expire} makes every token given so far expired, as Google's expire after a while.
 */
final class SyncTokens {
    private final Map<String, Long> changes = new HashMap<>();
    private long count;
    private int generation;

    synchronized void changed(String key) {
        changes.put(key, ++count);
    }

    /** The token of the lists' state now. */
    synchronized String current() {
        return generation + "." + count;
    }

    /** The change number {@code token} was given at, or -1 when it has expired (or is no token of this fake). */
    synchronized long since(String token) {
        String[] parts = token.split("\\.");
        try {
            return parts.length == 2 && Integer.parseInt(parts[0]) == generation ? Long.parseLong(parts[1]) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    synchronized boolean changedAfter(String key, long since) {
        return changes.getOrDefault(key, 0L) > since;
    }

    synchronized void expire() {
        generation++;
    }
}
