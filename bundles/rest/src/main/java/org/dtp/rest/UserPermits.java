package org.dtp.rest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Places of one kind on this node (event streams, estimates): at most {@code total} taken at once, and at most
 * {@code perUser} by one user, so that no one user takes them all. A user holding none is not remembered.
 */
final class UserPermits {
    /** Why a place was refused. */
    enum Refusal {
        /** The user holds {@code perUser} already. */
        USER,
        /** The node's {@code total} are taken. */
        NODE
    }

    private final int total;
    private final int perUser;
    private final AtomicInteger taken = new AtomicInteger();
    private final Map<String, Integer> takenByUser = new ConcurrentHashMap<>();

    UserPermits(int total, int perUser) {
        this.total = total;
        this.perUser = perUser;
    }

    /** Takes a place for {@code user}: null when taken (give it back with {@link #release}), else why not. */
    Refusal tryTake(String user) {
        boolean[] refused = {false};
        takenByUser.compute(user, (u, held) -> {
            int count = held == null ? 0 : held;
            if (count >= perUser) {
                refused[0] = true;
                return held;
            }
            return count + 1;
        });
        if (refused[0]) {
            return Refusal.USER;
        }
        if (taken.incrementAndGet() > total) {
            taken.decrementAndGet();
            release(user, false);
            return Refusal.NODE;
        }
        return null;
    }

    /** Gives back a place {@link #tryTake} gave {@code user}. */
    void release(String user) {
        release(user, true);
    }

    private void release(String user, boolean node) {
        if (node) {
            taken.decrementAndGet();
        }
        takenByUser.computeIfPresent(user, (u, held) -> held <= 1 ? null : held - 1);
    }

    /** Places taken now, of all users. */
    int taken() {
        return taken.get();
    }

    /** Users holding a place now. */
    int users() {
        return takenByUser.size();
    }
}
