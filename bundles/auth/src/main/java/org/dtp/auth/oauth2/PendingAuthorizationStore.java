package org.dtp.auth.oauth2;

import org.osgi.annotation.versioning.ConsumerType;

import java.util.Optional;

/**
 * Where pending authorizations wait for the provider's callback. {@link #take} is what makes a
 * {@code state} single-use: it removes and returns in one atomic step, so of two callbacks with the same
 * state (a replay, or a double click) at most one gets it, on one node or many.
 */
@ConsumerType
public interface PendingAuthorizationStore {
    /**
     * Keeps {@code pending} until it is taken or too old.
     *
     * @throws IllegalStateException when its state is already pending, or the store is full
     */
    void save(PendingAuthorization pending);

    /**
     * Removes and returns the authorization pending under {@code state}; empty when there is none: never
     * saved, already taken, or older than the store allows.
     */
    Optional<PendingAuthorization> take(String state);
}
