package org.dtp.core.store;

/**
 * A node wrote for a job whose run lease another node has taken since: the write is rolled back and the node stops
 * running the job (the other one goes on from the last checkpoint).
 */
public final class LeaseLostException extends JobStoreException {
    public LeaseLostException(String message) {
        super(message);
    }
}
