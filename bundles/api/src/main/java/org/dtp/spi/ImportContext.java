package org.dtp.spi;

import org.dtp.models.MediaRef;
import org.osgi.annotation.versioning.ProviderType;

import java.io.IOException;
import java.io.InputStream;

/**
 * What an importer is given besides the item: the job, a way to stream the item's media, and a way to say
 * what the destination could not keep. Implemented by the engine only (hence a provider type: methods may be
 * added in minor versions).
 */
@ProviderType
public interface ImportContext extends TransferContext {
    /**
     * Opens the bytes behind one of the item's {@link org.dtp.models.ItemModel#mediaRefs()} as the
     * exporter serves them. Each call opens a new stream (a retried import opens it again); the caller
     * closes it. The engine counts the bytes read.
     */
    InputStream openMedia(MediaRef ref) throws IOException, AdapterException;

    /**
     * Records that the destination cannot hold {@code field} of the source item or container being imported, so
     * the transfer's fidelity report lists it instead of losing it silently. Call it during
     * {@link Importer#importItem} or {@link Importer#importContainer}; what a failed attempt reported is dropped,
     * what the successful attempt reported is kept once (a repeated page reports nothing twice).
     *
     * @param sourceId the source item's or container's {@code id()}
     * @param field    the canonical model's field, as a path: {@code "attendees[1].role"}, {@code "flags.keywords"}
     * @param reason   why, for a person: {@code "Radicale keeps no X-MS-OLK fields"}; never a secret
     * @since 1.1
     */
    void reportNotKept(String sourceId, String field, String reason);
}
