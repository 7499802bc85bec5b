package org.dtp.auth.oauth2;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Pending authorizations in memory, for one node: thread-safe, each refused once older than its time to
 * live (measured from {@link PendingAuthorization#createdAt()} on the given clock), and bounded (expired
 * ones are dropped when saving; a full store refuses new ones rather than grow without end). A restart
 * forgets them: the user starts the authorization again.
 */
public final class InMemoryPendingAuthorizations implements PendingAuthorizationStore {
    /** Long enough to sign in and consent at a provider, short enough that a leaked URL soon goes stale. */
    public static final Duration DEFAULT_TIME_TO_LIVE = Duration.ofMinutes(10);
    public static final int DEFAULT_MAX_PENDING = 10_000;

    private final ConcurrentMap<String, PendingAuthorization> pending = new ConcurrentHashMap<>();
    private final Duration timeToLive;
    private final int maxPending;
    private final Clock clock;

    public InMemoryPendingAuthorizations(Duration timeToLive, Clock clock) {
        this(timeToLive, DEFAULT_MAX_PENDING, clock);
    }

    public InMemoryPendingAuthorizations(Duration timeToLive, int maxPending, Clock clock) {
        if (timeToLive == null || timeToLive.isNegative() || timeToLive.isZero()) {
            throw new IllegalArgumentException("the time to live must be positive");
        }
        if (maxPending < 1) {
            throw new IllegalArgumentException("maxPending must be positive");
        }
        this.timeToLive = timeToLive;
        this.maxPending = maxPending;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void save(PendingAuthorization authorization) {
        Objects.requireNonNull(authorization, "authorization");
        if (pending.size() >= maxPending) {
            pending.values().removeIf(this::expired);
            if (pending.size() >= maxPending) {
                throw new IllegalStateException("too many authorizations pending (" + maxPending + "); try again later");
            }
        }
        if (pending.putIfAbsent(authorization.state(), authorization) != null) {
            throw new IllegalStateException("an authorization with this state is already pending");
        }
    }

    @Override
    public Optional<PendingAuthorization> take(String state) {
        if (state == null) {
            return Optional.empty();
        }
        PendingAuthorization taken = pending.remove(state);
        return taken == null || expired(taken) ? Optional.empty() : Optional.of(taken);
    }

    /** How many are kept, expired ones included until the next purge. */
    public int size() {
        return pending.size();
    }

    private boolean expired(PendingAuthorization authorization) {
        return clock.instant().isAfter(authorization.createdAt().plus(timeToLive));
    }
}
