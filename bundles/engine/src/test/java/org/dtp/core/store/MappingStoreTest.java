package org.dtp.core.store;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/** The mappings (V11) and the jobs' item records, on H2 and (when configured) PostgreSQL. */
@RunWith(Parameterized.class)
public class MappingStoreTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private TestDatabase database;
    private MasterKeyring keyring;
    private JobStore store;

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(kind);
        keyring = new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), "");
        store = new JobStore(database.migratedPool(4), keyring);
    }

    @After
    public void tearDown() throws Exception {
        if (database != null) {
            database.close();
        }
    }

    private UUID job() {
        UUID id = UUID.randomUUID();
        store.create(id, Vertical.CONTACTS, new TransferEndpoint("src", Map.of()), new TransferEndpoint("dst", Map.of()),
                "alice", null, "{\"pending\":[]}");
        store.addContainer(id, "", "(root)");
        return id;
    }

    private static JobStore.Handled item(String scope, String id, String destination, String fingerprint,
                                         ItemRecord.Outcome outcome) {
        return new JobStore.Handled(scope, "i:" + id, id, destination, fingerprint, "1.0", null, outcome);
    }

    @Test
    public void aScopeMapsWhatWasWrittenAndOnlyForTheSameOwnerAccountsAndVertical() {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        assertEquals(scope, store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me"));
        assertNotEquals(scope, store.openMappingScope("bob", Vertical.CONTACTS, "src:me", "dst:me"));
        assertNotEquals(scope, store.openMappingScope("alice", Vertical.CALENDAR, "src:me", "dst:me"));
        String otherDestination = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:other");
        assertNotEquals(scope, otherDestination);

        UUID id = job();
        JobStore.RunProgress run = new JobStore.RunProgress();
        run.handled("", item(scope, "a", "dest-a", "f-a", ItemRecord.Outcome.COPIED), 10, List.of());
        run.handled("", item(scope, "b", "dest-b", "f-b", ItemRecord.Outcome.SKIPPED), 0, List.of());
        store.record(id, run);

        Map<String, JobStore.Mapped> mapped = store.mapped(scope, List.of("i:a", "i:b", "i:c"));
        assertEquals(Map.of("i:a", new JobStore.Mapped("dest-a", "f-a", "1.0")), mapped);
        assertTrue(store.mapped(otherDestination, List.of("i:a")).isEmpty());
    }

    /**
     * Two transfers of one scope (the same owner between the same accounts, started twice) write runs that map the same
     * new items at the same moment: both inserts meet, and the one that comes second is written again, as updates,
     * instead of failing its run on the duplicate key.
     */
    @Test
    public void twoTransfersOfOneScopeMapTheSameItemsAtOnce() throws Exception {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        UUID[] jobs = {job(), job()};
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
                List<java.util.concurrent.Future<?>> writes = new java.util.ArrayList<>();
                for (UUID id : jobs) {
                    JobStore.RunProgress run = new JobStore.RunProgress();
                    for (int i = 0; i < 200; i++) {
                        String key = round + "-" + i;
                        run.handled("", item(scope, key, "dest-" + key + "-" + id, "f", ItemRecord.Outcome.COPIED), 0, List.of());
                    }
                    writes.add(threads.submit(() -> {
                        together.await();
                        store.record(id, run);
                        return null;
                    }));
                }
                for (java.util.concurrent.Future<?> write : writes) {
                    write.get(); // throws if a run's write failed
                }
            }
        } finally {
            threads.shutdownNow();
        }
        Map<String, JobStore.Mapped> mapped = store.mapped(scope, List.of("i:0-0", "i:9-199"));
        assertEquals(2, mapped.size());
        for (UUID id : jobs) {
            assertEquals(2000, store.itemRecords(id, 0, 1).total());
        }
    }

    @Test
    public void anUpdateReplacesTheMappingAndCountsShowCopiedUpdatedUnchanged() {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        UUID first = job();
        JobStore.RunProgress run = new JobStore.RunProgress();
        run.handled("", item(scope, "a", "dest-a", "f-a", ItemRecord.Outcome.COPIED), 0, List.of());
        run.handled("", item(scope, "b", "dest-b", "f-b", ItemRecord.Outcome.COPIED), 0, List.of());
        store.record(first, run);

        UUID second = job();
        run = new JobStore.RunProgress();
        run.handled("", item(scope, "a", "dest-a", "f-a", ItemRecord.Outcome.UNCHANGED), 0, List.of());
        run.handled("", item(scope, "b", "dest-b2", "f-b2", ItemRecord.Outcome.UPDATED), 7, List.of());
        run.handled("", item(scope, "c", "dest-c", "f-c", ItemRecord.Outcome.COPIED), 3, List.of());
        store.record(second, run);

        assertEquals(new JobStore.Mapped("dest-b2", "f-b2", "1.0"), store.mapped(scope, List.of("i:b")).get("i:b"));
        assertEquals(List.of(new ContainerProgress("", "(root)", 2, 10, 0, 1, 1, 0)), store.containers(second));
        MappingEntry b = store.mappingEntries(scope, 0, 10).orElseThrow().entries().stream()
                .filter(e -> e.sourceKey().equals("i:b")).findFirst().orElseThrow();
        assertEquals(second, b.job());
        assertEquals("dest-b2", b.destinationId());
    }

    @Test
    public void itemRecordsPageInKeyOrderAndGoWithTheJob() {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        UUID id = job();
        JobStore.RunProgress run = new JobStore.RunProgress();
        for (String key : List.of("c", "a", "b")) {
            run.handled("", new JobStore.Handled(scope, "i:" + key, key, "dest-" + key, "f-" + key, "1.0",
                    key.equals("a") ? "ab12" : null, ItemRecord.Outcome.COPIED), 1, List.of());
        }
        store.record(id, run);

        List<ItemRecord> firstTwo = store.itemRecords(id, null, 2);
        assertEquals(List.of("i:a", "i:b"), firstTwo.stream().map(ItemRecord::sourceKey).toList());
        assertEquals("ab12", firstTwo.get(0).mediaSha256());
        assertEquals("dest-a", firstTwo.get(0).destinationId());
        assertEquals(List.of("i:c"), store.itemRecords(id, "i:b", 2).stream().map(ItemRecord::sourceKey).toList());
        assertEquals(3, store.itemRecords(id, 2, 5).total());
        assertEquals("c", store.itemRecords(id, 2, 5).entries().get(0).sourceId());

        assertTrue(store.transition(id, Set.of(JobState.QUEUED), JobState.CANCELLED, "test"));
        assertEquals(3, store.itemRecords(id, 0, 5).total()); // the report outlives the job's run
        store.deleteEndedBefore(Instant.now().plusSeconds(1));
        assertEquals(0, store.itemRecords(id, 0, 5).total());
        assertEquals(1, store.mapped(scope, List.of("i:a")).size()); // the mapping is the user's, not the job's
    }

    @Test
    public void sourceKeysDestinationIdsAndAccountsAreNotStoredInClear() throws Exception {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:alice@example.org", "dst:me");
        UUID id = job();
        JobStore.RunProgress run = new JobStore.RunProgress();
        run.handled("", item(scope, "secret-source-id", "secret-destination-id", "f", ItemRecord.Outcome.COPIED), 0,
                List.of());
        store.record(id, run);
        long epoch = store.claimRun(id, "node", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        store.recordContainerImported(id, epoch, scope, "c:secret-album", "secret-album", "secret-destination-album");

        try (Connection c = database.raw().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM dtp_mapping, dtp_mapping_scope WHERE dtp_mapping.scope = dtp_mapping_scope.scope")) {
            int rows = 0;
            while (rs.next()) {
                rows++;
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    String value = rs.getString(i);
                    assertFalse(value, value != null && (value.contains("secret") || value.contains("example.org")));
                }
            }
            assertEquals(2, rows);
        }
        MappingScope listed = store.mappingScopes("alice").get(0);
        assertEquals("src:alice@example.org", listed.source());
        assertEquals(2, listed.entries());
        assertEquals(Set.of("i:secret-source-id", "c:secret-album"), Set.copyOf(store.mappingEntries(scope, 0, 10)
                .orElseThrow().entries().stream().map(MappingEntry::sourceKey).toList()));
    }

    @Test
    public void aScopeOpensAfterAMasterKeyRotationAndOnAnotherNode() throws Exception {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        UUID id = job();
        JobStore.RunProgress run = new JobStore.RunProgress();
        run.handled("", item(scope, "a", "dest-a", "f-a", ItemRecord.Outcome.COPIED), 0, List.of());
        store.record(id, run);
        keyring.rotate();
        assertEquals(2, store.rewrapDataKeys() - 1); // the job's data key, the hash key and the scope's key

        JobStore otherNode = new JobStore(database.migratedPool(2),
                new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), ""));
        assertEquals(scope, otherNode.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me"));
        assertEquals("dest-a", otherNode.mapped(scope, List.of("i:a")).get("i:a").destinationId());
    }

    @Test
    public void changeTokensAreKeptOnlyFromACompletedJobAndOutliveAMasterKeyRotation() throws Exception {
        String scope = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        UUID cancelled = job();
        long epoch = store.claimRun(cancelled, "node", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        store.recordChangeToken(cancelled, epoch, scope, "book", "sync-token-t1");
        assertTrue(store.transition(cancelled, epoch, Set.of(JobState.QUEUED), JobState.CANCELLED, "cancelled"));
        assertTrue(store.changeToken(scope, "book").isEmpty());
        store.recordChangeToken(cancelled, epoch, scope, "book", "sync-token-late"); // its exporter, still listing
        try (Connection c = database.raw().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM dtp_change_token_pending")) {
            rs.next();
            assertEquals("an ended job keeps no token", 0, rs.getLong(1));
        }

        UUID completed = job();
        epoch = store.claimRun(completed, "node", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        store.recordChangeToken(completed, epoch, scope, "book", "sync-token-t2");
        store.recordChangeToken(completed, epoch, scope, "book", "sync-token-t3");
        store.recordChangeToken(completed, epoch, scope, "calendar", "c1");
        assertTrue(store.changeToken(scope, "book").isEmpty());
        assertTrue(store.transition(completed, epoch, Set.of(JobState.QUEUED), JobState.COMPLETED, "all items copied"));
        assertEquals(java.util.Optional.of("sync-token-t2"), store.changeToken(scope, "book"));
        assertEquals(java.util.Optional.of("c1"), store.changeToken(scope, "calendar"));
        try (Connection c = database.raw().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT feed_hash, token FROM dtp_change_token")) {
            while (rs.next()) {
                assertFalse("feeds are named by a keyed hash", rs.getString(1).contains("book"));
                assertFalse("tokens are sealed", rs.getString(2).contains("sync-token"));
            }
        }

        keyring.rotate();
        store.rewrapDataKeys();
        JobStore otherNode = new JobStore(database.migratedPool(2),
                new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), ""));
        otherNode.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        assertEquals(java.util.Optional.of("sync-token-t2"), otherNode.changeToken(scope, "book"));
    }

    @Test
    public void aDeletedOrUnusedScopeIsForgotten() {
        String used = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        UUID id = job();
        JobStore.RunProgress run = new JobStore.RunProgress();
        run.handled("", item(used, "a", "dest-a", "f-a", ItemRecord.Outcome.COPIED), 0, List.of());
        store.record(id, run);
        String other = store.openMappingScope("alice", Vertical.CALENDAR, "src:me", "dst:me");

        assertTrue(store.deleteMappingScope(used));
        assertFalse(store.deleteMappingScope(used));
        assertTrue(store.mappingEntries(used, 0, 10).isEmpty());
        assertEquals(List.of(other), store.mappingScopes("alice").stream().map(MappingScope::id).toList());
        String again = store.openMappingScope("alice", Vertical.CONTACTS, "src:me", "dst:me");
        assertTrue(store.mapped(again, List.of("i:a")).isEmpty());

        assertEquals(0, store.deleteMappingScopesUnusedSince(Instant.now().minusSeconds(60)));
        assertEquals(2, store.deleteMappingScopesUnusedSince(Instant.now().plusSeconds(1)));
        assertTrue(store.mappingScopes(null).isEmpty());
    }
}
