package org.dtp.core.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The listeners of a store's state changes. */
final class TransitionListeners {
    /** Logged as the store, as before the listener list was its own class. */
    private static final Logger LOG = LoggerFactory.getLogger(JobStore.class);
    private final List<JobStore.TransitionListener> listeners = new CopyOnWriteArrayList<>();

    void add(JobStore.TransitionListener listener) {
        listeners.add(listener);
    }

    void remove(JobStore.TransitionListener listener) {
        listeners.remove(listener);
    }

    /** Tells every listener, each on its own: one that fails is logged and keeps neither the others nor the caller back. */
    void notify(UUID id, Consumer<JobStore.TransitionListener> call) {
        for (JobStore.TransitionListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                LOG.warn("a transition listener failed on transfer {}: {}", id, e.toString());
            }
        }
    }
}
