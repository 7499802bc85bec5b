package org.dtp.adapters.google;

import org.dtp.spi.AdapterException;

import java.util.HashMap;
import java.util.Map;

/**
 * Things an importer finds by name or creates (contact groups, Gmail labels): every name's id, read from Google once
 * per job, then kept up to date by what the importer creates. A create whose answer was lost may have happened, so a
 * failure makes the next call read Google again.
 */
public final class NamedIds {
    /** Reads every name and id Google holds. */
    @FunctionalInterface
    public interface Reader {
        Map<String, String> readAll() throws AdapterException;
    }

    /** Creates a thing of that name; returns its id. */
    @FunctionalInterface
    public interface Creator {
        String create(String name) throws AdapterException;
    }

    private final Map<String, String> ids = new HashMap<>();
    private boolean read;

    /** The id of {@code name}, as Google holds it or, when it holds none, newly created. */
    public synchronized String idOf(String name, Reader reader, Creator creator) throws AdapterException {
        try {
            if (!read) {
                ids.clear();
                ids.putAll(reader.readAll());
                read = true;
            }
            String id = ids.get(name);
            if (id == null) {
                id = creator.create(name);
                ids.put(name, id);
            }
            return id;
        } catch (AdapterException | RuntimeException e) {
            read = false;
            throw e;
        }
    }
}
