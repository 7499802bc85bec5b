package org.dtp.transfer;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Hears of transfers being created and ending (whiteboard: register a service of this type, e.g. a notifier
 * that e-mails the owner). Each event reaches each listener once in the cluster, from the node where the change
 * happened, on a thread of the engine's own: a listener may be slow, but it should not block for long, and what
 * it throws is logged and does not affect the transfer. Since 1.3.
 */
@ConsumerType
public interface TransferListener {
    void transferChanged(TransferEvent event);
}
