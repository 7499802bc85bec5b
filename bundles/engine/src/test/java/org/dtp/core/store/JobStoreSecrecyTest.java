package org.dtp.core.store;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Envelope encryption, the purge at a job's end, owners and retention, on every database the store supports.
 */
@RunWith(Parameterized.class)
public class JobStoreSecrecyTest {
    private static final String PASSWORD = "app-password-4711";
    private static final String CURSOR = "cursor-of-ann-0815";

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

    private TransferJob create(String owner) {
        return store.create(UUID.randomUUID(), Vertical.MAIL,
                new TransferEndpoint("imap", Map.of("host", "imap.example.org", "password", PASSWORD)),
                new TransferEndpoint("localfs", Map.of("path", "/backup")), owner, null, "{\"cursor\":\"" + CURSOR + "\"}");
    }

    /** Every value of every row of the job store's tables, as text. */
    private String everythingStored() throws Exception {
        StringBuilder all = new StringBuilder();
        try (Connection c = database.raw().getConnection(); Statement s = c.createStatement()) {
            for (String table : List.of("dtp_job", "dtp_job_transition", "dtp_container_progress", "dtp_ledger",
                    "dtp_item_error", "dtp_field_not_kept", "dtp_job_key")) {
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
                    while (rs.next()) {
                        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                            all.append(rs.getString(i)).append('|');
                        }
                    }
                }
            }
        }
        return all.toString();
    }

    @Test
    public void settingsAndCheckpointsAreStoredSealedAndReadBackPlain() throws Exception {
        TransferJob job = create("ann");
        store.saveCheckpoint(job.id(), "{\"cursor\":\"" + CURSOR + "-2\"}");

        String stored = everythingStored();
        assertFalse(stored.contains(PASSWORD));
        assertFalse(stored.contains(CURSOR));
        assertFalse(stored.contains("imap.example.org"));
        assertTrue(stored.contains("enc1:"));
        assertEquals(PASSWORD, store.job(job.id()).orElseThrow().source().settings().get("password"));
        assertEquals("{\"cursor\":\"" + CURSOR + "-2\"}", store.checkpoint(job.id()).orElseThrow());
        // Another store (another node, or this one after a restart) opens them with the same key store.
        JobStore otherNode = new JobStore(database.migratedPool(2), new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), ""));
        assertEquals(PASSWORD, otherNode.job(job.id()).orElseThrow().source().settings().get("password"));
    }

    @Test
    public void aSelectionIsStoredSealedWhileTheJobRunsAndPlainOnceItEnded() throws Exception {
        Selection selection = new Selection(Instant.parse("2024-01-01T00:00:00Z"), null,
                List.of("Letters to " + CURSOR), List.of("Spam"));
        TransferJob job = store.create(UUID.randomUUID(), Vertical.MAIL, new TransferEndpoint("imap", Map.of()),
                new TransferEndpoint("localfs", Map.of()), "ann", null, null, selection, "{}");

        assertFalse(everythingStored().contains(CURSOR));
        assertEquals(selection, store.selection(job.id()));

        assertTrue(store.transition(job.id(), Set.of(JobState.QUEUED), JobState.CANCELLED, "cancelled by user"));
        assertEquals(selection, store.selection(job.id()));
        assertTrue("its owner still sees what it selected", everythingStored().contains(CURSOR));
    }

    @Test
    public void anEndedJobKeepsItsSummaryButNotItsSecretsKeyCheckpointOrLedger() throws Exception {
        TransferJob job = create("ann");
        store.addContainer(job.id(), "INBOX", "Inbox");
        JobStore.RunProgress run = new JobStore.RunProgress();
        run.imported("INBOX", "m1", 10, List.of());
        run.failed("INBOX", "m2", "not readable at the source");
        store.record(job.id(), run);
        store.transition(job.id(), Set.of(JobState.QUEUED), JobState.RUNNING, "started");

        assertTrue(store.transition(job.id(), Set.of(JobState.RUNNING), JobState.COMPLETED_WITH_ERRORS, "done"));

        TransferJob ended = store.job(job.id()).orElseThrow();
        assertEquals(Map.of("host", "imap.example.org", "password", "***"), ended.source().settings());
        assertEquals(1, ended.items());
        assertEquals(1, ended.errors());
        assertEquals(1, store.errors(job.id()).size());
        assertTrue(store.checkpoint(job.id()).isEmpty());
        assertTrue(store.ledgerKeys(job.id(), List.of("m1")).isEmpty());
        assertEquals(0, rows("SELECT COUNT(*) FROM dtp_job_key WHERE job_id = ?", job.id()));
        assertFalse(everythingStored().contains(PASSWORD));
    }

    @Test
    public void aRunWrittenAfterAnotherNodeEndedTheJobCountsButLeavesNoCheckpointOrLedger() throws Exception {
        TransferJob job = create("ann");
        store.addContainer(job.id(), "INBOX", "Inbox");
        store.transition(job.id(), Set.of(JobState.QUEUED), JobState.RUNNING, "started");
        long epoch = store.claimRun(job.id(), "node-a", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        assertTrue("node a holds the job's data key", store.checkpoint(job.id()).isPresent());

        JobStore otherNode = new JobStore(database.migratedPool(2), new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), ""));
        assertTrue(otherNode.transition(job.id(), Set.of(JobState.RUNNING), JobState.CANCELLED, "cancelled on node b"));

        JobStore.RunProgress late = new JobStore.RunProgress();
        late.imported("INBOX", "m1", 10, List.of());
        late.pageDone("{\"cursor\":\"" + CURSOR + "-9\"}");
        late.imported("INBOX", "m2", 10, List.of());
        store.record(job.id(), epoch, java.time.Duration.ofMinutes(1), late);

        assertEquals("what was copied counts", 2, store.job(job.id()).orElseThrow().items());
        assertTrue(store.checkpoint(job.id()).isEmpty());
        assertEquals(0, rows("SELECT COUNT(*) FROM dtp_page_ledger WHERE job_id = ?", job.id()));
        assertEquals(0, rows("SELECT COUNT(*) FROM dtp_job_key WHERE job_id = ?", job.id()));
    }

    @Test
    public void afterRotationOldJobsStillOpenAndTheirKeysAreRewrapped() throws Exception {
        TransferJob old = create("ann");
        keyring.rotate();
        TransferJob fresh = create("ann");

        assertEquals(1, store.rewrapDataKeys());
        assertEquals(2, rows("SELECT COUNT(*) FROM dtp_job_key WHERE master_key = 'mk-2'", null));
        JobStore restarted = new JobStore(database.migratedPool(2), new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), ""));
        assertEquals(PASSWORD, restarted.job(old.id()).orElseThrow().source().settings().get("password"));
        assertEquals(PASSWORD, restarted.job(fresh.id()).orElseThrow().source().settings().get("password"));
    }

    @Test
    public void jobsAreListedAndCountedPerOwner() {
        TransferJob a1 = create("ann");
        TransferJob a2 = create("ann");
        TransferJob b1 = create("bob");
        store.transition(a1.id(), Set.of(JobState.QUEUED), JobState.CANCELLED, "cancelled by user");

        assertEquals(List.of(a2.id(), a1.id()), store.jobs("ann", 0, 10).stream().map(TransferJob::id).toList());
        assertEquals(List.of(b1.id()), store.jobs("bob", 0, 10).stream().map(TransferJob::id).toList());
        assertEquals("bob", store.job(b1.id()).orElseThrow().owner());
        assertEquals(1, store.unfinishedJobs("ann"));
        assertEquals(2, store.jobsCreatedSince("ann", Instant.now().minusSeconds(60)));
        assertEquals(0, store.jobsCreatedSince("ann", Instant.now().plusSeconds(60)));
    }

    @Test
    public void endedJobsPastTheCutoffAreDeletedEntirely() throws Exception {
        TransferJob ended = create("ann");
        TransferJob running = create("ann");
        store.recordItemError(ended.id(), "INBOX", "m1", "broken");
        store.transition(ended.id(), Set.of(JobState.QUEUED), JobState.FAILED, "export failed");

        assertEquals(0, store.deleteEndedBefore(Instant.now().minusSeconds(60)));
        assertEquals(1, store.deleteEndedBefore(Instant.now().plusSeconds(1)));

        assertTrue(store.job(ended.id()).isEmpty());
        assertTrue(store.job(running.id()).isPresent());
        assertEquals(0, rows("SELECT COUNT(*) FROM dtp_item_error WHERE job_id = ?", ended.id()));
        assertEquals(0, rows("SELECT COUNT(*) FROM dtp_job_transition WHERE job_id = ?", ended.id()));
    }

    @Test
    public void transitionListenersHearCreationAndEachChangeOnce() {
        List<String> heard = new ArrayList<>();
        store.addTransitionListener((id, from, to) -> heard.add(from + ">" + to));
        TransferJob job = create("ann");
        store.transition(job.id(), Set.of(JobState.QUEUED), JobState.RUNNING, "started");
        store.transition(job.id(), Set.of(JobState.QUEUED), JobState.RUNNING, "not again");
        store.transition(job.id(), Set.of(JobState.RUNNING), JobState.COMPLETED, "done");

        assertEquals(List.of("null>QUEUED", "QUEUED>RUNNING", "RUNNING>COMPLETED"), heard);
        assertNull(store.job(job.id()).orElseThrow().startsAt());
    }

    private long rows(String sql, UUID id) throws Exception {
        try (Connection c = database.raw().getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            if (id != null) {
                s.setString(1, id.toString());
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
