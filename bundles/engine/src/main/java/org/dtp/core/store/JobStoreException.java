package org.dtp.core.store;

/** The job store database failed; the operation did not happen. */
public class JobStoreException extends RuntimeException {
    public JobStoreException(String message) {
        super(message);
    }

    public JobStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
