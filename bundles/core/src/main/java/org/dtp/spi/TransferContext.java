package org.dtp.spi;

import org.osgi.annotation.versioning.ProviderType;
import java.util.UUID;

/** What an adapter knows of the job it works for. Implemented by the engine only. */
@ProviderType
public interface TransferContext {
    UUID jobId();

    /** This side's provider and settings. */
    TransferEndpoint endpoint();
}
