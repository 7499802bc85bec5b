package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.MappingService;
import org.dtp.transfer.ReportPage;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.List;
import java.util.Optional;

/** The mappings of transfers that remember, as the REST API and the shell see them: kept in the job store. */
@Component(service = MappingService.class)
public final class MappingManager implements MappingService {
    private final JobStore store;

    @Activate
    public MappingManager(@Reference JobStore store) {
        this.store = store;
    }

    @Override
    public List<MappingScope> scopes(String owner) {
        return store.mappingScopes(owner);
    }

    @Override
    public Optional<MappingScope> scope(String id) {
        return store.mappingScope(id);
    }

    @Override
    public Optional<ReportPage<MappingEntry>> entries(String id, int offset, int limit) {
        if (offset < 0 || limit < 1) {
            throw new IllegalArgumentException("offset must be at least 0 and limit at least 1, were " + offset + ", " + limit);
        }
        return store.mappingEntries(id, offset, limit);
    }

    @Override
    public boolean delete(String id) {
        return store.deleteMappingScope(id);
    }
}
