package org.dtp.transfer;

import org.osgi.annotation.versioning.ProviderType;

import java.util.List;
import java.util.Optional;

/**
 * The mappings that let transfers remember what they copied ({@link MappingScope}): what a user may see, export and
 * delete of them. Deleting a scope makes the next transfer between its accounts copy everything again; nothing at
 * either side changes. Implemented by the engine. Since 1.9.
 */
@ProviderType
public interface MappingService {
    /** The scopes of {@code owner} (null: of every owner), most recently used first. */
    List<MappingScope> scopes(String owner);

    Optional<MappingScope> scope(String id);

    /** A page of the scope's entries, in a stable order, with their total; empty when there is no such scope. */
    Optional<ReportPage<MappingEntry>> entries(String id, int offset, int limit);

    /** Deletes the scope and everything it maps; false when there was none. */
    boolean delete(String id);
}
