package org.dtp.spi;

import java.util.UUID;

/** What an adapter knows of the job it works for. */
public interface TransferContext {
    UUID jobId();

    /** This side's provider and settings. */
    TransferEndpoint endpoint();
}
