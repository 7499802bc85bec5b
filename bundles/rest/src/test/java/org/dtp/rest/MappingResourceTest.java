package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Listing;
import org.dtp.rest.ApiModel.MappedItem;
import org.dtp.rest.ApiModel.Mapping;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.MappingService;
import org.dtp.transfer.ReportPage;
import org.junit.Test;

import javax.ws.rs.core.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** GET and DELETE /api/v1/mappings: each owner sees, exports and deletes their own; operators every owner's. */
public class MappingResourceTest {
    private static final Instant T0 = Instant.parse("2026-12-05T12:00:00Z");

    /** Mappings in memory: ann's has three entries, bob's one. */
    private static final class FakeMappings implements MappingService {
        final Map<MappingScope, List<MappingEntry>> scopes = new LinkedHashMap<>();

        void add(String id, String owner, int entries) {
            List<MappingEntry> list = new ArrayList<>();
            for (int i = 0; i < entries; i++) {
                list.add(new MappingEntry("i:" + i, "dest-" + i, "f" + i, "1.0", T0, UUID.randomUUID()));
            }
            scopes.put(new MappingScope(id, owner, Vertical.CONTACTS, "src", "dst", entries, T0, T0), list);
        }

        @Override
        public List<MappingScope> scopes(String owner) {
            return scopes.keySet().stream().filter(s -> owner == null || s.owner().equals(owner)).toList();
        }

        @Override
        public Optional<MappingScope> scope(String id) {
            return scopes.keySet().stream().filter(s -> s.id().equals(id)).findFirst();
        }

        @Override
        public Optional<ReportPage<MappingEntry>> entries(String id, int offset, int limit) {
            return scope(id).map(s -> {
                List<MappingEntry> all = scopes.get(s);
                return new ReportPage<>(all.size(), offset, limit, all.stream().skip(offset).limit(limit).toList());
            });
        }

        @Override
        public boolean delete(String id) {
            return scope(id).map(s -> scopes.remove(s) != null).orElse(false);
        }
    }

    private final FakeMappings service = new FakeMappings();
    private final MappingResource mappings = new MappingResource(service);

    {
        service.add("ann-1", "ann", 3);
        service.add("bob-1", "bob", 1);
    }

    @Test
    public void eachUserListsTheirOwnAndAnOperatorEveryOwners() {
        assertEquals(List.of("ann-1"), mappings.list(Callers.ANN).stream().map(Mapping::id).toList());
        assertEquals(List.of("ann-1", "bob-1"), mappings.list(Callers.OPERATOR).stream().map(Mapping::id).toList());
    }

    @Test
    public void aMappingIsExportedAPageAtATimeWithALinkToTheNext() {
        Response first = mappings.export(Callers.ANN, "ann-1", null, "2");
        @SuppressWarnings("unchecked")
        Listing<MappedItem> page = (Listing<MappedItem>) first.getEntity();
        assertEquals(3, page.total());
        assertEquals(List.of("i:0", "i:1"), page.entries().stream().map(MappedItem::sourceKey).toList());
        assertEquals("</api/v1/mappings/ann-1?offset=2&limit=2>; rel=\"next\"", first.getHeaderString("Link"));
        assertNull(mappings.export(Callers.ANN, "ann-1", "2", "2").getHeaderString("Link"));
    }

    @Test
    public void anotherOwnersMappingIsNotFoundAndStays() {
        assertEquals(404, assertThrows(ApiProblem.class, () -> mappings.export(Callers.ANN, "bob-1", null, null))
                .getResponse().getStatus());
        assertEquals(404, assertThrows(ApiProblem.class, () -> mappings.delete(Callers.ANN, "bob-1"))
                .getResponse().getStatus());
        assertTrue(service.scope("bob-1").isPresent());
    }

    @Test
    public void theOwnerOrAnOperatorDeletesAMapping() {
        assertEquals(204, mappings.delete(Callers.ANN, "ann-1").getStatus());
        assertEquals(204, mappings.delete(Callers.OPERATOR, "bob-1").getStatus());
        assertTrue(service.scopes(null).isEmpty());
        assertEquals(404, assertThrows(ApiProblem.class, () -> mappings.delete(Callers.OPERATOR, "bob-1"))
                .getResponse().getStatus());
    }
}
