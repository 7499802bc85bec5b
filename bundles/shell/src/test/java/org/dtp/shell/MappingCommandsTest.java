package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.models.Vertical;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.MappingService;
import org.dtp.transfer.ReportPage;
import org.junit.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class MappingCommandsTest {
    private static final Instant T0 = Instant.parse("2026-12-05T12:00:00Z");
    private static final UUID JOB = UUID.fromString("00000000-0000-0000-0000-000000000001");

    /** One mapping of ann's with two entries. */
    private final List<MappingScope> scopes = new ArrayList<>(List.of(new MappingScope("scope-1", "ann", Vertical.CONTACTS,
            "carddav account ann", "localfs {\"folder\":\"/backup\"}", 2, T0, T0)));
    private final MappingService service = new MappingService() {
        @Override
        public List<MappingScope> scopes(String owner) {
            return scopes.stream().filter(s -> owner == null || s.owner().equals(owner)).toList();
        }

        @Override
        public Optional<MappingScope> scope(String id) {
            return scopes.stream().filter(s -> s.id().equals(id)).findFirst();
        }

        @Override
        public Optional<ReportPage<MappingEntry>> entries(String id, int offset, int limit) {
            return scope(id).map(s -> new ReportPage<>(2, offset, limit, List.of(
                    new MappingEntry("c:book", "Contacts", null, null, T0, JOB),
                    new MappingEntry("i:ann", "Contacts/ann.vcf", "ab12", "1.0", T0, JOB))));
        }

        @Override
        public boolean delete(String id) {
            return scopes.removeIf(s -> s.id().equals(id));
        }
    };

    private String mappings(String id, String owner) throws Exception {
        MappingsCommand command = new MappingsCommand();
        command.mappings = service;
        command.id = id;
        command.owner = owner;
        return Console.run(command::execute);
    }

    private MappingDeleteCommand delete(String id) {
        MappingDeleteCommand command = new MappingDeleteCommand();
        command.mappings = service;
        command.id = id;
        return command;
    }

    @Test
    public void mappingsListsEachWithItsAccountsAndSize() throws Exception {
        String out = mappings(null, null);
        assertTrue(out, out.contains("scope-1") && out.contains("carddav account ann") && out.contains("/backup"));
        assertTrue(mappings(null, "bob").contains("No transfer remembers anything yet."));
    }

    @Test
    public void aMappingsEntriesAreListed() throws Exception {
        String out = mappings("scope-1", null);
        assertTrue(out, out.contains("i:ann") && out.contains("Contacts/ann.vcf") && out.contains("2 of 2 entries from 0"));
        assertThrows(CommandException.class, () -> mappings("nope", null));
    }

    @Test
    public void mappingDeleteDeletesOnce() throws Exception {
        assertEquals("Mapping scope-1 deleted", Console.run(delete("scope-1")::execute).trim());
        assertTrue(scopes.isEmpty());
        assertThrows(CommandException.class, () -> delete("scope-1").execute());
    }
}
