package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.core.store.Pause;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Tells the registered {@link TransferListener}s when a transfer is created and when it ends. The job store
 * reports each state change once, on the node that made it; listeners are called one event at a time on a thread
 * of this component, so a slow listener (an SMTP server) never holds a transfer back.
 */
@Component(service = TransferEvents.class, immediate = true)
public final class TransferEvents {
    private static final Logger LOG = LoggerFactory.getLogger(TransferEvents.class);

    private final JobStore store;
    private final List<TransferListener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService delivery = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dtp-transfer-events");
        t.setDaemon(true);
        return t;
    });
    private final JobStore.TransitionListener onTransition = this::transitioned;

    @Activate
    public TransferEvents(@Reference JobStore store) {
        this.store = store;
        store.addTransitionListener(onTransition);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    public void addListener(TransferListener listener) {
        listeners.add(listener);
    }

    public void removeListener(TransferListener listener) {
        listeners.remove(listener);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        store.removeTransitionListener(onTransition);
        delivery.shutdown();
        delivery.awaitTermination(10, TimeUnit.SECONDS);
    }

    private void transitioned(UUID id, JobState from, JobState to) {
        TransferEvent.Kind known = from == null ? TransferEvent.Kind.CREATED : to.isFinal() ? TransferEvent.Kind.ENDED : null;
        // A pause is news for the owner only when the destination is full: its kept cause says so.
        if (known == null && to != JobState.PAUSED || listeners.isEmpty()) {
            return;
        }
        Instant at = Instant.now();
        delivery.execute(() -> store.job(id).ifPresent(job -> {
            TransferEvent.Kind kind = known != null ? known : store.pause(id)
                    .filter(p -> p.cause() == Pause.Cause.DESTINATION_FULL).isPresent() ? TransferEvent.Kind.WAITING : null;
            if (kind == null) {
                return;
            }
            TransferEvent event = new TransferEvent(kind, job, at);
            for (TransferListener listener : listeners) {
                try {
                    listener.transferChanged(event);
                } catch (RuntimeException e) {
                    LOG.warn("transfer listener {} failed on {} of transfer {}: {}", listener.getClass().getName(),
                            kind, id, e.toString());
                }
            }
        }));
    }
}
