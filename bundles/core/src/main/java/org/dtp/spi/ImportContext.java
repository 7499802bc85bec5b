package org.dtp.spi;

import org.dtp.models.MediaRef;

import java.io.IOException;
import java.io.InputStream;

/** What an importer is given besides the item: the job and a way to stream the item's media. */
public interface ImportContext extends TransferContext {
    /**
     * Opens the bytes behind one of the item's {@link org.dtp.models.ItemModel#mediaRefs()} as the
     * exporter serves them. Each call opens a new stream (a retried import opens it again); the caller
     * closes it. The engine counts the bytes read.
     */
    InputStream openMedia(MediaRef ref) throws IOException, AdapterException;
}
