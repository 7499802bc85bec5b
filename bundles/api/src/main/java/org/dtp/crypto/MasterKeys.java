package org.dtp.crypto;

import org.osgi.annotation.versioning.ProviderType;

import java.util.List;

/**
 * The master keys in the node's key store file (outside the database). The newest one wraps the data keys of
 * new transfers; older ones stay to unwrap the data keys of transfers they wrapped.
 */
@ProviderType
public interface MasterKeys {
    /** The id of the key that wraps new data keys. */
    String currentKeyId();

    /** Ids of every key in the key store, oldest first. */
    List<String> keyIds();

    /**
     * Adds a new master key to the key store and makes it current. Data keys of unfinished transfers are
     * re-wrapped with it, so the older keys are then only needed by transfers a node holds in memory.
     *
     * @return the new key's id
     */
    String rotate();
}
