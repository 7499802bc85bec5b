package org.dtp.adapters.google;

import org.dtp.spi.AdapterException;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The importers' indexes of what their containers hold, by job and container, and the one way to use one: under the
 * index's lock, read it from Google once, look for an earlier copy by its marker, else create one. After any failure
 * the index is forgotten, since a create whose answer was lost may have been kept at Google: the next attempt reads
 * the container again.
 */
public final class MarkerIndexes<X extends MarkerIndex> {
    /** Reads what a container holds into a new index. */
    public interface Reader<X> {
        void readInto(X index) throws AdapterException;
    }

    /** Creates the item at Google, adds it to the index and returns its id. */
    public interface Creator<X> {
        String create(X index) throws AdapterException;
    }

    private final LruCache<X> indexes;
    private final Supplier<X> fresh;

    MarkerIndexes(int capacity, Supplier<X> fresh) {
        this.indexes = new LruCache<>(capacity);
        this.fresh = fresh;
    }

    /** The id of the item with marker {@code fingerprint} in the container of {@code key}: the earlier copy, or a new one. */
    public String findOrCreate(String key, long fingerprint, Reader<X> read, Creator<X> create) throws AdapterException {
        X index = indexes.getOrCreate(key, fresh);
        synchronized (index) {
            try {
                if (!index.isRead()) {
                    read.readInto(index);
                    index.markRead();
                }
                Optional<String> earlier = index.find(fingerprint);
                if (earlier.isPresent()) {
                    return earlier.get();
                }
                return create.create(index);
            } catch (AdapterException | RuntimeException e) {
                indexes.remove(key, index);
                throw e;
            }
        }
    }
}
