package org.dtp.core.receipts;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.engine.JobControls;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.RevocationStore;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.receipts.ItemCheck;
import org.dtp.receipts.VerificationException;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.DestinationReader;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.ReportPage;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** A receipt's items checked against what a destination holds now, through the importer's DestinationReader. */
public class DestinationChecksTest {
    private TestDatabase database;
    private JobStore store;
    private AdapterRegistry registry;
    private DestinationChecks checks;
    /** What the destination holds now: destination id → media SHA-256 ("" for an item with nothing to compare). */
    private final Map<String, String> destination = new HashMap<>();
    private final List<TransferEndpoint> endpointsRead = new ArrayList<>();

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.h2();
        DataSource db = database.migratedPool(4);
        store = new JobStore(db, MasterKeyring.inMemory());
        RevocationStore revocations = new RevocationStore(db);
        registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        checks = new DestinationChecks(new TransferManager(store, registry, new JobControls(), id -> { }, revocations), registry);
    }

    @After
    public void tearDown() throws Exception {
        database.close();
    }

    /** An ended transfer of ann's to "shelf" that copied {@code sha256ById} (source id → media SHA-256, null for none). */
    private UUID transferred(Map<String, String> sha256ById) {
        String scope = store.openMappingScope("ann", Vertical.MEDIA, "src:ann", "dst:ann");
        UUID id = UUID.randomUUID();
        store.create(id, Vertical.MEDIA, new TransferEndpoint("src", Map.of()),
                new TransferEndpoint("shelf", Map.of("path", "/ann", "password", "pw")), "ann", null, "{\"pending\":[]}");
        store.addContainer(id, "", "(root)");
        JobStore.RunProgress run = new JobStore.RunProgress();
        sha256ById.forEach((source, sha) -> run.handled("", new JobStore.Handled(scope, "i:" + source, source, "d-" + source,
                "fp-" + source, "1.0", sha, ItemRecord.Outcome.COPIED), 1, List.of()));
        store.record(id, run);
        assertTrue(store.transition(id, Set.of(JobState.QUEUED), JobState.COMPLETED, "done"));
        return id;
    }

    private void install(Importer<?, ?> importer) {
        registry.register(new AdapterService<>("shelf", "Shelf", Vertical.MEDIA, importer, "shelf", "1", 1));
    }

    @Test
    public void eachItemIsFoundSameChangedMissingPresentOrNotCheckable() throws Exception {
        install(new Shelf());
        Map<String, String> copied = new java.util.TreeMap<>(Map.of("a", "aaa", "b", "bbb", "c", "ccc", "e", "eee"));
        copied.put("d", null);
        UUID id = transferred(copied);
        destination.put("d-a", "aaa");
        destination.put("d-b", "b-changed");
        destination.put("d-d", "ddd");
        destination.put("d-e", "unreadable");

        ReportPage<ItemCheck> page = checks.verify(id, Map.of("password", "pw-again"), 0, 10);
        assertEquals(5, page.total());
        assertEquals(List.of(ItemCheck.Status.SAME, ItemCheck.Status.CHANGED, ItemCheck.Status.MISSING, ItemCheck.Status.PRESENT,
                ItemCheck.Status.NOT_CHECKABLE), page.entries().stream().map(ItemCheck::status).toList());
        assertEquals("d-b", page.entries().get(1).destinationId());
        assertTrue(page.entries().get(1).detail(), page.entries().get(1).detail().contains("b-changed"));
        assertEquals("the secret given again is used, the other settings are the transfer's",
                Map.of("path", "/ann", "password", "pw-again"), endpointsRead.get(0).settings());
    }

    @Test
    public void aPageChecksOnlyItsItems() throws Exception {
        install(new Shelf());
        UUID id = transferred(Map.of("a", "aaa", "b", "bbb", "c", "ccc"));
        ReportPage<ItemCheck> page = checks.verify(id, Map.of(), 1, 1);
        assertEquals(3, page.total());
        assertEquals(List.of("b"), page.entries().stream().map(ItemCheck::sourceId).toList());
    }

    @Test
    public void aDestinationThatCannotBeReadBackIsRefusedWithAReason() throws Exception {
        UUID id = transferred(Map.of("a", "aaa"));
        VerificationException none = assertThrows(VerificationException.class, () -> checks.verify(id, Map.of(), 0, 10));
        assertTrue(none.getMessage(), none.getMessage().contains("no adapter of 'shelf'"));
        install(new WriteOnly());
        VerificationException writeOnly = assertThrows(VerificationException.class, () -> checks.verify(id, Map.of(), 0, 10));
        assertTrue(writeOnly.getMessage(), writeOnly.getMessage().contains("cannot read back"));
    }

    @Test
    public void onlySecretSettingsMayBeGivenAndTheImporterValidatesThem() throws Exception {
        install(new Shelf());
        UUID id = transferred(Map.of("a", "aaa"));
        VerificationException elsewhere = assertThrows(VerificationException.class,
                () -> checks.verify(id, Map.of("path", "/somebody-else"), 0, 10));
        assertTrue(elsewhere.getMessage(), elsewhere.getMessage().contains("'path' is not a secret setting"));
        VerificationException refused = assertThrows(VerificationException.class,
                () -> checks.verify(id, Map.of("password", "wrong"), 0, 10));
        assertTrue(refused.getMessage(), refused.getMessage().contains("refused"));
        assertTrue(endpointsRead.isEmpty());
    }

    @Test
    public void aTransferThatRunsOrDoesNotExistIsNotChecked() {
        install(new Shelf());
        UUID running = UUID.randomUUID();
        store.create(running, Vertical.MEDIA, new TransferEndpoint("src", Map.of()), new TransferEndpoint("shelf", Map.of()),
                "ann", null, "{\"pending\":[]}");
        assertThrows(IllegalJobStateException.class, () -> checks.verify(running, Map.of(), 0, 10));
        assertThrows(NoSuchTransferException.class, () -> checks.verify(UUID.randomUUID(), Map.of(), 0, 10));
        assertThrows(IllegalArgumentException.class, () -> checks.verify(running, Map.of(), 0, DestinationChecks.MAX_PAGE + 1));
    }

    /** An importer that imports nothing here; what matters is that it cannot read back. */
    private static class WriteOnly implements Importer<PhotoAlbum, MediaItem> {
        @Override
        public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum container, String parentId) {
            throw new UnsupportedOperationException("not imported in this test");
        }

        @Override
        public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId) {
            throw new UnsupportedOperationException("not imported in this test");
        }
    }

    /** Reads {@link #destination}; refuses the password "wrong". */
    private final class Shelf extends WriteOnly implements DestinationReader {
        @Override
        public void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
            if ("wrong".equals(endpoint.settings().get("password"))) {
                throw new InvalidEndpointException("the shelf refuses this password");
            }
        }

        @Override
        public Optional<DestinationItem> find(TransferContext context, String destinationId) throws AdapterException {
            endpointsRead.add(context.endpoint());
            String sha = destination.get(destinationId);
            if ("unreadable".equals(sha)) {
                throw new TransientAdapterException("the shelf is busy", null);
            }
            return Optional.ofNullable(sha).map(s -> new DestinationItem(destinationId, s));
        }
    }
}
