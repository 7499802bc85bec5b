package org.dtp.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.models.ModelJson;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.JobState;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferJob;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Jobs, their state transitions, checkpoints, per-container progress, item errors and the
 * idempotency ledger, in the job store database. Every change is committed before the method
 * returns, so what it reports survives a kill -9.
 * <p>
 * Envelope encryption: each job gets its own AES-256 data key when it is created, stored only wrapped by a
 * {@link MasterKeyring master key} that is not in the database. The job's settings (credentials among them) and
 * its checkpoints are sealed with it. When the job ends, in the transaction that ends it, its data key, checkpoint
 * and ledger are deleted and its settings are stored plain without their secret values: what is left is what
 * the owner needs to see (summary, progress, errors, fidelity report, history), until the retention period ends.
 */
@Component(service = JobStore.class)
public final class JobStore {
    private static final Logger LOG = LoggerFactory.getLogger(JobStore.class);
    /** The errors a job's details list, newest first. */
    public static final int MAX_LISTED_ERRORS = 100;
    /** The longest item key or container id stored as it is, in UTF-8 bytes; see {@link #storedKey}. */
    static final int MAX_KEY_BYTES = 1000;
    private static final String HASH_MARK = "\u2026#sha256:";

    private static final String JOB_COLUMNS = "j.id, j.vertical, j.source_provider, j.source_settings, "
            + "j.destination_provider, j.destination_settings, j.state, j.state_reason, j.created_at, j.updated_at, "
            + "j.exporter_version, j.importer_version, j.owner, j.starts_at, "
            + "(SELECT COALESCE(SUM(p.items), 0) FROM dtp_container_progress p WHERE p.job_id = j.id) AS items, "
            + "(SELECT COALESCE(SUM(p.bytes), 0) FROM dtp_container_progress p WHERE p.job_id = j.id) AS bytes, "
            + "(SELECT COALESCE(SUM(p.errors), 0) FROM dtp_container_progress p WHERE p.job_id = j.id) AS errors";
    private static final TypeReference<Map<String, String>> SETTINGS = new TypeReference<>() {
    };

    /** Data keys of jobs this node used lately, unwrapped; most recently used last. */
    private static final int CACHED_DATA_KEYS = 10_000;
    private static final String SOURCE_SETTINGS = "source_settings";
    private static final String DESTINATION_SETTINGS = "destination_settings";
    private static final String CHECKPOINT = "checkpoint";

    private final DataSource db;
    private final MasterKeyring masterKeys;
    private final ObjectMapper json = ModelJson.newObjectMapper();
    private final SecureRandom random = new SecureRandom();
    private final Map<UUID, DataKeyCipher> ciphers = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<UUID, DataKeyCipher> eldest) {
                    return size() > CACHED_DATA_KEYS;
                }
            });
    private final List<TransitionListener> listeners = new CopyOnWriteArrayList<>();

    @Activate
    public JobStore(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db,
                    @Reference MasterKeyring masterKeys) {
        this.db = db;
        this.masterKeys = masterKeys;
    }

    /** A store whose data keys are wrapped by a key that lives in this process only (tools, tests). */
    public JobStore(DataSource db) {
        this(db, MasterKeyring.inMemory());
    }

    /** Hears of every state change this store makes (on the calling thread, after the commit). */
    @FunctionalInterface
    public interface TransitionListener {
        /** {@code from} is null for a job just created. */
        void transitioned(UUID id, JobState from, JobState to);

        /**
         * A job just ended, with its endpoints as they were before their secrets were deleted (called before
         * {@link #transitioned}); a listener must not keep them.
         */
        default void ended(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
        }
    }

    public void addTransitionListener(TransitionListener listener) {
        listeners.add(listener);
    }

    public void removeTransitionListener(TransitionListener listener) {
        listeners.remove(listener);
    }

    /** Persists a new job of the operator in {@link JobState#QUEUED} with its initial checkpoint, to start at once. */
    public TransferJob create(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                              String checkpoint) {
        return create(id, vertical, source, destination, org.dtp.transfer.TransferRequest.OPERATOR, null, checkpoint);
    }

    /**
     * Persists a new job of {@code owner} in {@link JobState#QUEUED} with its own data key and its initial
     * checkpoint; {@code startsAt} (or null: at once) is when it may start.
     */
    public TransferJob create(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                              String owner, Instant startsAt, String checkpoint) {
        long now = System.currentTimeMillis();
        byte[] dataKey = new byte[32];
        random.nextBytes(dataKey);
        MasterKeyring.WrappedKey wrapped = masterKeys.wrap(id.toString(), dataKey);
        DataKeyCipher cipher = new DataKeyCipher(dataKey, id.toString(), random);
        java.util.Arrays.fill(dataKey, (byte) 0);
        inTransaction(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_job_key (job_id, master_key, wrapped_key) "
                    + "VALUES (?, ?, ?)")) {
                s.setString(1, id.toString());
                s.setString(2, wrapped.keyId());
                s.setString(3, wrapped.value());
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_job (id, vertical, source_provider, "
                    + "source_settings, destination_provider, destination_settings, state, state_reason, created_at, "
                    + "updated_at, checkpoint, owner, starts_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                s.setString(1, id.toString());
                s.setString(2, vertical.name());
                s.setString(3, source.provider());
                s.setString(4, cipher.seal(SOURCE_SETTINGS, write(source.settings())));
                s.setString(5, destination.provider());
                s.setString(6, cipher.seal(DESTINATION_SETTINGS, write(destination.settings())));
                s.setString(7, JobState.QUEUED.name());
                s.setString(8, "created");
                s.setLong(9, now);
                s.setLong(10, now);
                s.setString(11, cipher.seal(CHECKPOINT, checkpoint));
                s.setString(12, owner);
                if (startsAt == null) {
                    s.setNull(13, java.sql.Types.BIGINT);
                } else {
                    s.setLong(13, startsAt.toEpochMilli());
                }
                s.executeUpdate();
            }
            insertTransition(c, id, null, JobState.QUEUED, "created", now);
            return null;
        });
        ciphers.put(id, cipher);
        notifyListeners(id, l -> l.transitioned(id, null, JobState.QUEUED));
        return job(id).orElseThrow();
    }

    /** The run lease of a job: the epoch a node took it with, that node, and until when (epoch ms) it holds. */
    public record RunLease(long epoch, String node, long untilMillis) {
    }

    /**
     * Takes the run lease of a job for {@code node} with a new epoch, unless another node holds a lease that has not
     * expired; every later fenced write of the job ({@link #record(UUID, long, java.time.Duration, RunProgress)},
     * {@link #transition(UUID, long, Collection, JobState, String)}) must carry this epoch.
     *
     * @return the new lease; empty when another node's lease holds (see {@link #runLease})
     */
    public Optional<RunLease> claimRun(UUID id, String node, java.time.Duration ttl) {
        return inTransaction(c -> {
            long epoch;
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT run_epoch, run_node, run_lease_until FROM dtp_job WHERE id = ? FOR UPDATE")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.<RunLease>empty();
                    }
                    if (rs.getLong(3) > System.currentTimeMillis() && !node.equals(rs.getString(2))) {
                        return Optional.<RunLease>empty();
                    }
                    epoch = rs.getLong(1) + 1;
                }
            }
            long until = System.currentTimeMillis() + ttl.toMillis();
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE dtp_job SET run_epoch = ?, run_node = ?, run_lease_until = ? WHERE id = ?")) {
                s.setLong(1, epoch);
                s.setString(2, truncate(node, 200));
                s.setLong(3, until);
                s.setString(4, id.toString());
                s.executeUpdate();
            }
            return Optional.of(new RunLease(epoch, node, until));
        });
    }

    /** The job's run lease as stored (an expired or released one has {@code untilMillis} in the past). */
    public Optional<RunLease> runLease(UUID id) {
        return inTransaction(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT run_epoch, run_node, run_lease_until FROM dtp_job WHERE id = ?")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(new RunLease(rs.getLong(1), rs.getString(2), rs.getLong(3)))
                            : Optional.<RunLease>empty();
                }
            }
        });
    }

    /** Extends the lease of {@code epoch} by {@code ttl} from now; false when another node took the job since. */
    public boolean renewRun(UUID id, long epoch, java.time.Duration ttl) {
        return inTransaction(c -> extendLease(c, id, epoch, System.currentTimeMillis() + ttl.toMillis()));
    }

    /** Ends the lease of {@code epoch} (the node stopped running the job), so another node may take it at once. */
    public void releaseRun(UUID id, long epoch) {
        inTransaction(c -> extendLease(c, id, epoch, 0));
    }

    /**
     * Fails unless the job's lease epoch is still {@code epoch} (null: an unfenced write), holding the job's row
     * until the transaction ends so that no node takes the job over before the write commits.
     */
    private static void requireLease(Connection c, UUID id, Long epoch) throws SQLException {
        if (epoch == null) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT run_epoch FROM dtp_job WHERE id = ? FOR UPDATE")) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next() || rs.getLong(1) != epoch) {
                    throw new LeaseLostException("transfer " + id + " is run by another node now (lease epoch "
                            + epoch + " is over); this node's write is refused");
                }
            }
        }
    }

    private static boolean extendLease(Connection c, UUID id, long epoch, long until) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE dtp_job SET run_lease_until = ? WHERE id = ? AND run_epoch = ?")) {
            s.setLong(1, until);
            s.setString(2, id.toString());
            s.setLong(3, epoch);
            return s.executeUpdate() == 1;
        }
    }

    /**
     * Applies {@code changes} to one side's settings of a job that has not ended (see
     * {@link org.dtp.spi.TransferContext#updateSettings}), sealed with the job's data key; the row is locked, so
     * concurrent updates of the same job do not lose each other's changes.
     *
     * @return the side's endpoint as it is now
     * @throws JobStoreException when the job is unknown or has ended (its settings are purged)
     */
    public TransferEndpoint updateSettings(UUID id, boolean source, Map<String, String> changes) {
        String column = source ? SOURCE_SETTINGS : DESTINATION_SETTINGS;
        String provider = source ? "source_provider" : "destination_provider";
        return inTransaction(c -> {
            TransferEndpoint updated;
            try (PreparedStatement s = c.prepareStatement("SELECT " + provider + ", " + column
                    + " FROM dtp_job WHERE id = ? FOR UPDATE")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new JobStoreException("no transfer " + id);
                    }
                    requireCipher(c, id);
                    updated = new TransferEndpoint(rs.getString(1), read(open(c, id, column, rs.getString(2))))
                            .withSettings(changes);
                }
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE dtp_job SET " + column + " = ? WHERE id = ?")) {
                s.setString(1, requireCipher(c, id).seal(column, write(updated.settings())));
                s.setString(2, id.toString());
                s.executeUpdate();
            }
            return updated;
        });
    }

    /** Tells every listener, each on its own: one that fails is logged and keeps neither the others nor the caller back. */
    private void notifyListeners(UUID id, java.util.function.Consumer<TransitionListener> call) {
        for (TransitionListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                LOG.warn("a transition listener failed on transfer {}: {}", id, e.toString());
            }
        }
    }

    /**
     * The job's cipher: cached, or its data key unwrapped from the database; empty when the job has none (it
     * ended, so nothing of it is sealed any more).
     */
    private Optional<DataKeyCipher> cipher(Connection c, UUID id) throws SQLException {
        DataKeyCipher cached = ciphers.get(id);
        if (cached != null) {
            return Optional.of(cached);
        }
        try (PreparedStatement s = c.prepareStatement("SELECT master_key, wrapped_key FROM dtp_job_key WHERE job_id = ?")) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                byte[] dataKey = masterKeys.unwrap(id.toString(), new MasterKeyring.WrappedKey(rs.getString(1), rs.getString(2)));
                DataKeyCipher cipher = new DataKeyCipher(dataKey, id.toString(), random);
                java.util.Arrays.fill(dataKey, (byte) 0);
                ciphers.put(id, cipher);
                return Optional.of(cipher);
            }
        }
    }

    private DataKeyCipher requireCipher(Connection c, UUID id) throws SQLException {
        return cipher(c, id).orElseThrow(() -> new JobStoreException("transfer " + id + " has no data key (it ended)"));
    }

    /** A stored value as written: opened with the job's data key when sealed. */
    private String open(Connection c, UUID id, String column, String stored) throws SQLException {
        if (!DataKeyCipher.isSealed(stored)) {
            return stored;
        }
        return requireCipher(c, id).open(column, stored);
    }

    /**
     * Re-wraps every data key not wrapped by the current master key with it.
     *
     * @return how many were re-wrapped
     */
    public int rewrapDataKeys() {
        String current = masterKeys.currentKeyId();
        return inTransaction(c -> {
            List<String[]> rows = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT job_id, master_key, wrapped_key FROM dtp_job_key WHERE master_key <> ? FOR UPDATE")) {
                s.setString(1, current);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new String[]{rs.getString(1), rs.getString(2), rs.getString(3)});
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE dtp_job_key SET master_key = ?, wrapped_key = ? WHERE job_id = ?")) {
                for (String[] row : rows) {
                    byte[] dataKey = masterKeys.unwrap(row[0], new MasterKeyring.WrappedKey(row[1], row[2]));
                    MasterKeyring.WrappedKey wrapped = masterKeys.wrap(row[0], dataKey);
                    java.util.Arrays.fill(dataKey, (byte) 0);
                    s.setString(1, wrapped.keyId());
                    s.setString(2, wrapped.value());
                    s.setString(3, row[0]);
                    s.addBatch();
                }
                s.executeBatch();
            }
            return rows.size();
        });
    }

    /**
     * Moves a job to {@code to} if it is now in one of {@code from}, recording the transition.
     *
     * @return whether the job was in one of {@code from} (and so moved)
     */
    public boolean transition(UUID id, Collection<JobState> from, JobState to, String reason) {
        return transition(id, null, from, to, reason);
    }

    /**
     * {@link #transition(UUID, Collection, JobState, String)} by the node that runs the job: only while its lease
     * epoch is still {@code epoch}.
     *
     * @return false also when another node took the job since
     */
    public boolean transition(UUID id, long epoch, Collection<JobState> from, JobState to, String reason) {
        return transition(id, Long.valueOf(epoch), from, to, reason);
    }

    private boolean transition(UUID id, Long epoch, Collection<JobState> from, JobState to, String reason) {
        JobState[] fromState = new JobState[1];
        Ended[] ended = new Ended[1];
        boolean moved = inTransaction(c -> {
            JobState current;
            try (PreparedStatement s = c.prepareStatement("SELECT state, run_epoch FROM dtp_job WHERE id = ? FOR UPDATE")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return false;
                    }
                    current = JobState.valueOf(rs.getString(1));
                    if (epoch != null && rs.getLong(2) != epoch) {
                        return false;
                    }
                }
            }
            if (!from.contains(current)) {
                return false;
            }
            fromState[0] = current;
            long now = System.currentTimeMillis();
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE dtp_job SET state = ?, state_reason = ?, updated_at = ? WHERE id = ?")) {
                s.setString(1, to.name());
                s.setString(2, truncate(reason, 2000));
                s.setLong(3, now);
                s.setString(4, id.toString());
                s.executeUpdate();
            }
            insertTransition(c, id, current, to, reason, now);
            if (to.isFinal()) {
                ended[0] = purgeEnded(c, id);
            }
            return true;
        });
        if (moved) {
            if (to.isFinal()) {
                ciphers.remove(id);
                notifyListeners(id, l -> l.ended(id, ended[0].vertical(), ended[0].source(), ended[0].destination()));
            }
            notifyListeners(id, l -> l.transitioned(id, fromState[0], to));
        }
        return moved;
    }

    /** An ended job's endpoints as they were, for {@link TransitionListener#ended}. */
    private record Ended(Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
    }

    /**
     * What a job no longer needs once it ended: its data key, checkpoint and ledger go; its settings stay, plain,
     * with secret values masked, so that its owner still sees where it copied from and to.
     */
    private Ended purgeEnded(Connection c, UUID id) throws SQLException {
        Ended ended;
        try (PreparedStatement s = c.prepareStatement("SELECT vertical, source_provider, source_settings, "
                + "destination_provider, destination_settings FROM dtp_job WHERE id = ?")) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                ended = new Ended(Vertical.valueOf(rs.getString(1)),
                        new TransferEndpoint(rs.getString(2), read(open(c, id, SOURCE_SETTINGS, rs.getString(3)))),
                        new TransferEndpoint(rs.getString(4), read(open(c, id, DESTINATION_SETTINGS, rs.getString(5)))));
            }
        }
        String source = write(SecretSettings.mask(ended.source().settings()));
        String destination = write(SecretSettings.mask(ended.destination().settings()));
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE dtp_job SET source_settings = ?, destination_settings = ?, checkpoint = NULL WHERE id = ?")) {
            s.setString(1, source);
            s.setString(2, destination);
            s.setString(3, id.toString());
            s.executeUpdate();
        }
        for (String table : List.of("dtp_ledger", "dtp_page_ledger", "dtp_job_key")) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE job_id = ?")) {
                s.setString(1, id.toString());
                s.executeUpdate();
            }
        }
        return ended;
    }

    /**
     * Deletes every trace of the jobs that ended before {@code cutoff}.
     *
     * @return how many jobs were deleted
     */
    public int deleteEndedBefore(Instant cutoff) {
        return inTransaction(c -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id FROM dtp_job WHERE state IN "
                    + "('COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED', 'CANCELLED') AND updated_at < ?")) {
                s.setLong(1, cutoff.toEpochMilli());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
            for (String table : List.of("dtp_field_not_kept", "dtp_item_error", "dtp_ledger", "dtp_page_ledger", "dtp_container_progress",
                    "dtp_job_transition", "dtp_job_key")) {
                try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE job_id = ?")) {
                    for (String id : ids) {
                        s.setString(1, id);
                        s.addBatch();
                    }
                    s.executeBatch();
                }
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM dtp_job WHERE id = ?")) {
                for (String id : ids) {
                    s.setString(1, id);
                    s.addBatch();
                }
                s.executeBatch();
            }
            return ids.size();
        });
    }

    public Optional<TransferJob> job(UUID id) {
        List<TransferJob> jobs = query("SELECT " + JOB_COLUMNS + " FROM dtp_job j WHERE j.id = ?",
                s -> s.setString(1, id.toString()));
        return jobs.stream().findFirst();
    }

    /** Only the job's state: what the engine checks between pages. */
    public Optional<JobState> state(UUID id) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT state FROM dtp_job WHERE id = ?")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(JobState.valueOf(rs.getString(1))) : Optional.<JobState>empty();
                }
            }
        });
    }

    /** Jobs newest first. */
    public List<TransferJob> jobs(int offset, int limit) {
        return query("SELECT " + JOB_COLUMNS + " FROM dtp_job j ORDER BY j.created_at DESC, j.id "
                + "OFFSET ? ROWS FETCH NEXT ? ROWS ONLY", s -> {
            s.setInt(1, offset);
            s.setInt(2, limit);
        });
    }

    /** The jobs of one owner, newest first. */
    public List<TransferJob> jobs(String owner, int offset, int limit) {
        return query("SELECT " + JOB_COLUMNS + " FROM dtp_job j WHERE j.owner = ? ORDER BY j.created_at DESC, j.id "
                + "OFFSET ? ROWS FETCH NEXT ? ROWS ONLY", s -> {
            s.setString(1, owner);
            s.setInt(2, offset);
            s.setInt(3, limit);
        });
    }

    /** How many of the owner's jobs have not ended. */
    public long unfinishedJobs(String owner) {
        return count("SELECT COUNT(*) FROM dtp_job WHERE owner = ? AND state IN ('QUEUED', 'RUNNING', 'PAUSED')",
                s -> s.setString(1, owner));
    }

    /** How many jobs the owner created since {@code since}. */
    public long jobsCreatedSince(String owner, Instant since) {
        return count("SELECT COUNT(*) FROM dtp_job WHERE owner = ? AND created_at >= ?", s -> {
            s.setString(1, owner);
            s.setLong(2, since.toEpochMilli());
        });
    }

    private long count(String sql, Binder binder) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                binder.bind(s);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    /**
     * Unfinished (queued, running, paused) jobs per provider and vertical; a job counts once for each provider it
     * uses, once when both sides use the same one.
     */
    public Map<String, Map<Vertical, Long>> unfinishedJobsByProvider() {
        return withConnection(c -> {
            Map<String, Map<Vertical, Long>> out = new java.util.HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT vertical, source_provider, destination_provider, COUNT(*) "
                    + "FROM dtp_job WHERE state IN ('QUEUED', 'RUNNING', 'PAUSED') "
                    + "GROUP BY vertical, source_provider, destination_provider")) {
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        Vertical vertical = Vertical.valueOf(rs.getString(1));
                        long count = rs.getLong(4);
                        for (String provider : new java.util.LinkedHashSet<>(List.of(rs.getString(2), rs.getString(3)))) {
                            out.computeIfAbsent(provider, k -> new java.util.EnumMap<>(Vertical.class)).merge(vertical, count, Long::sum);
                        }
                    }
                }
            }
            return out;
        });
    }

    /** Ids of the jobs in any of the given states, oldest first. */
    public List<UUID> jobIdsIn(Collection<JobState> states) {
        List<UUID> ids = new ArrayList<>();
        if (states.isEmpty()) {
            return ids;
        }
        List<JobState> wanted = List.copyOf(java.util.EnumSet.copyOf(states));
        String marks = String.join(", ", java.util.Collections.nCopies(wanted.size(), "?"));
        withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id FROM dtp_job WHERE state IN (" + marks + ") ORDER BY created_at, id")) {
                for (int i = 0; i < wanted.size(); i++) {
                    s.setString(i + 1, wanted.get(i).name());
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        ids.add(UUID.fromString(rs.getString(1)));
                    }
                }
            }
            return null;
        });
        return ids;
    }

    public Optional<String> checkpoint(UUID id) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT checkpoint FROM dtp_job WHERE id = ?")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(open(c, id, CHECKPOINT, rs.getString(1))) : Optional.empty();
                }
            }
        });
    }

    public void saveCheckpoint(UUID id, String checkpoint) {
        withConnection(c -> {
            String sealed = requireCipher(c, id).seal(CHECKPOINT, checkpoint);
            try (PreparedStatement s = c.prepareStatement("UPDATE dtp_job SET checkpoint = ?, updated_at = ? WHERE id = ?")) {
                s.setString(1, sealed);
                s.setLong(2, System.currentTimeMillis());
                s.setString(3, id.toString());
                s.executeUpdate();
            }
            return null;
        });
    }

    /** Records which adapter bundles serve the job now. */
    public void recordAdapterVersions(UUID id, String exporterVersion, String importerVersion) {
        update("UPDATE dtp_job SET exporter_version = ?, importer_version = ? WHERE id = ?", s -> {
            s.setString(1, truncate(exporterVersion, 300));
            s.setString(2, truncate(importerVersion, 300));
            s.setString(3, id.toString());
        });
    }

    /** The destination id recorded for a container's key ({@link #recordContainerImported}), if it was imported already. */
    public Optional<String> ledgerEntry(UUID id, String key) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT destination_id FROM dtp_ledger WHERE job_id = ? AND item_key = ?")) {
                s.setString(1, id.toString());
                s.setString(2, storedKey(key));
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    /** Starts progress for a container, once; later calls for the same container do nothing. Unfenced: tools, tests. */
    public void addContainer(UUID id, String containerId, String name) {
        addContainer(id, null, containerId, name);
    }

    /**
     * {@link #addContainer(UUID, String, String)} by the node that runs the job, while its lease epoch is {@code epoch}.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void addContainer(UUID id, long epoch, String containerId, String name) {
        addContainer(id, Long.valueOf(epoch), containerId, name);
    }

    private void addContainer(UUID id, Long epoch, String containerId, String name) {
        inTransaction(c -> {
            requireLease(c, id, epoch);
            long ordinal;
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT COUNT(*), SUM(CASE WHEN container_id = ? THEN 1 ELSE 0 END) FROM dtp_container_progress WHERE job_id = ?")) {
                s.setString(1, storedKey(containerId));
                s.setString(2, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    if (rs.getLong(2) > 0) {
                        return null;
                    }
                    ordinal = rs.getLong(1);
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_container_progress "
                    + "(job_id, container_id, name, ordinal, items, bytes, errors) VALUES (?, ?, ?, ?, 0, 0, 0)")) {
                s.setString(1, id.toString());
                s.setString(2, storedKey(containerId));
                s.setString(3, truncate(name, 1000));
                s.setLong(4, ordinal);
                s.executeUpdate();
            }
            return null;
        });
    }

    /** Records a created destination container in the ledger. Unfenced: tools, tests. */
    public void recordContainerImported(UUID id, String key, String destinationId) {
        recordContainerImported(id, null, key, destinationId);
    }

    /**
     * {@link #recordContainerImported(UUID, String, String)} by the node that runs the job, while its lease epoch is
     * {@code epoch}: a node that froze and came back must not write (or collide with) the ledger of the node that
     * took the job over.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void recordContainerImported(UUID id, long epoch, String key, String destinationId) {
        recordContainerImported(id, Long.valueOf(epoch), key, destinationId);
    }

    private void recordContainerImported(UUID id, Long epoch, String key, String destinationId) {
        inTransaction(c -> {
            requireLease(c, id, epoch);
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO dtp_ledger (job_id, item_key, destination_id) VALUES (?, ?, ?)")) {
                s.setString(1, id.toString());
                s.setString(2, storedKey(key));
                s.setString(3, destinationId);
                s.executeUpdate();
            }
            return null;
        });
    }

    /** Records one imported item of the page being copied in the page ledger and counts it, in one transaction. */
    public void recordItemImported(UUID id, String containerId, String key, long bytes) {
        RunProgress progress = new RunProgress();
        progress.imported(containerId, key, bytes, List.of());
        record(id, progress);
    }

    /** Records an item that could not be copied; an item already recorded as failed is counted once. */
    public void recordItemError(UUID id, String containerId, String key, String message) {
        RunProgress progress = new RunProgress();
        progress.failed(containerId, key, message);
        record(id, progress);
    }

    /**
     * Records the fields of the source item (or container) imported under {@code key} that the destination could
     * not keep; a field already recorded for the same key is kept once.
     */
    public void recordNotKept(UUID id, String containerId, String key, List<NotKept> fields) {
        recordNotKept(id, null, containerId, key, fields);
    }

    /**
     * {@link #recordNotKept(UUID, String, String, List)} by the node that runs the job, while its lease epoch is
     * {@code epoch}.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void recordNotKept(UUID id, long epoch, String containerId, String key, List<NotKept> fields) {
        recordNotKept(id, Long.valueOf(epoch), containerId, key, fields);
    }

    private void recordNotKept(UUID id, Long epoch, String containerId, String key, List<NotKept> fields) {
        inTransaction(c -> {
            requireLease(c, id, epoch);
            insertNotKept(c, id, containerId, key, fields, System.currentTimeMillis());
            return null;
        });
    }

    /** A field reported as not kept, before it is stored. */
    public record NotKept(String sourceId, String field, String reason) {
    }

    /**
     * What the engine did since it last wrote, written in one transaction by {@link #record}: per container, the
     * items imported and their bytes; fields not kept; items failed; the checkpoint after the last page it
     * finished; and the keys imported so far of the page it is in, for the page ledger. A run may span pages:
     * writing per run (bounded in time and reports by the engine) rather than per item or per page is what lets
     * small items go fast. A crash loses at most the run; the repeat from the saved checkpoint imports its items
     * again (importers are idempotent on the key), and the page ledger skips what earlier runs recorded of an
     * unfinished page.
     */
    public static final class RunProgress {
        private record NotKeptOf(String containerId, String key, List<NotKept> fields) {
        }

        private record Failed(String containerId, String key, String message) {
        }

        /** Items and bytes imported into one container. */
        private static final class Count {
            long items;
            long bytes;
        }

        private final Map<String, Count> counts = new LinkedHashMap<>();
        /** The count of the container last imported into: a page's items are all of one container. */
        private String lastContainerId;
        private Count lastCount;
        private final List<NotKeptOf> notKept = new ArrayList<>();
        private final List<Failed> failed = new ArrayList<>();
        private final List<String> pageKeys = new ArrayList<>();
        private int items;
        private String checkpoint;

        /** An item of {@code containerId}'s page, imported under {@code key}. */
        public void imported(String containerId, String key, long itemBytes, List<NotKept> fieldsNotKept) {
            if (lastCount == null || !lastContainerId.equals(containerId)) {
                lastCount = counts.computeIfAbsent(containerId, c -> new Count());
                lastContainerId = containerId;
            }
            Count count = lastCount;
            count.items++;
            count.bytes += itemBytes;
            if (!fieldsNotKept.isEmpty()) {
                notKept.add(new NotKeptOf(containerId, key, List.copyOf(fieldsNotKept)));
            }
            pageKeys.add(key);
            items++;
        }

        /** An item of {@code containerId}'s page that could not be copied. */
        public void failed(String containerId, String key, String message) {
            failed.add(new Failed(containerId, key, message));
            items++;
        }

        /** The page is done: a repeat starts at {@code json}, and its items leave the page ledger. */
        public void pageDone(String json) {
            checkpoint = json;
            pageKeys.clear();
        }

        /** Items recorded so far, failed ones included. */
        public int items() {
            return items;
        }

        /** Failures and items with fields not kept recorded so far: what the run holds in memory beyond counts. */
        public int reports() {
            return failed.size() + notKept.size();
        }

        /** Whether there is nothing to write. */
        public boolean isEmpty() {
            return items == 0 && checkpoint == null;
        }
    }

    /** Writes {@code progress} in one transaction (see {@link RunProgress}), unfenced: for tools and tests. */
    public void record(UUID id, RunProgress progress) {
        record(id, null, progress);
    }

    /**
     * Writes {@code progress} in one transaction (see {@link RunProgress}) if the job's run lease epoch is still
     * {@code epoch}, extending the lease by {@code ttl}.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void record(UUID id, long epoch, java.time.Duration ttl, RunProgress progress) {
        record(id, new Fence(epoch, ttl.toMillis()), progress);
    }

    /** The lease a fenced write must still hold, and how long it is extended by. */
    private record Fence(long epoch, long ttlMillis) {
    }

    private void record(UUID id, Fence fence, RunProgress progress) {
        if (progress.isEmpty()) {
            return;
        }
        inTransaction(c -> {
            long now = System.currentTimeMillis();
            String job = id.toString();
            if (fence != null && !extendLease(c, id, fence.epoch(), now + fence.ttlMillis())) {
                throw new LeaseLostException("transfer " + id + " is run by another node now (lease epoch "
                        + fence.epoch() + " is over); this node's last " + progress.items() + " items are not recorded");
            }
            if (!progress.counts.isEmpty()) {
                try (PreparedStatement s = c.prepareStatement("UPDATE dtp_container_progress SET items = items + ?, "
                        + "bytes = bytes + ? WHERE job_id = ? AND container_id = ?")) {
                    for (Map.Entry<String, RunProgress.Count> count : progress.counts.entrySet()) {
                        s.setLong(1, count.getValue().items);
                        s.setLong(2, count.getValue().bytes);
                        s.setString(3, job);
                        s.setString(4, storedKey(count.getKey()));
                        s.addBatch();
                    }
                    s.executeBatch();
                }
            }
            for (RunProgress.NotKeptOf item : progress.notKept) {
                insertNotKept(c, id, item.containerId(), item.key(), item.fields(), now);
            }
            for (RunProgress.Failed item : progress.failed) {
                insertItemError(c, job, storedKey(item.containerId()), item.key(), item.message(), now);
            }
            if (hasEnded(c, id)) {
                // The job ended (a cancel, on this node or another) while the run was copied: its items count, but
                // a checkpoint and a page ledger are of no use to it, and were deleted with its data key.
                return null;
            }
            if (progress.checkpoint != null) {
                // A page is done: its items are behind the new checkpoint, so its ledger is not needed any more.
                try (PreparedStatement s = c.prepareStatement("DELETE FROM dtp_page_ledger WHERE job_id = ?")) {
                    s.setString(1, job);
                    s.executeUpdate();
                }
                try (PreparedStatement s = c.prepareStatement("UPDATE dtp_job SET checkpoint = ?, updated_at = ? WHERE id = ?")) {
                    s.setString(1, requireCipher(c, id).seal(CHECKPOINT, progress.checkpoint));
                    s.setLong(2, now);
                    s.setString(3, job);
                    s.executeUpdate();
                }
            }
            if (!progress.pageKeys.isEmpty()) {
                insertPageLedger(c, job, progress.pageKeys);
            }
            return null;
        });
    }

    /**
     * Whether the job is in a final state, read from the database with its row locked until the transaction
     * ends (the cached data key of a job that another node ended is still in this node's cache).
     */
    private static boolean hasEnded(Connection c, UUID id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT state FROM dtp_job WHERE id = ? FOR UPDATE")) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                return !rs.next() || JobState.valueOf(rs.getString(1)).isFinal();
            }
        }
    }

    /** The longest JSON array of keys in one row of dtp_page_ledger, in characters (the column holds 1,000,000). */
    private static final int PAGE_LEDGER_ROW_CHARS = 900_000;

    /** Keys imported of the page being copied, as rows of up to {@link #PAGE_LEDGER_ROW_CHARS}. */
    private void insertPageLedger(Connection c, String job, List<String> keys) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_page_ledger (job_id, item_keys) VALUES (?, ?)")) {
            List<String> row = new ArrayList<>();
            int chars = 2;
            for (String given : keys) {
                String key = storedKey(given);
                if (!row.isEmpty() && chars + key.length() * 2 + 3 > PAGE_LEDGER_ROW_CHARS) {
                    addPageLedgerRow(s, job, row);
                    row.clear();
                    chars = 2;
                }
                row.add(key);
                chars += key.length() * 2 + 3; // quotes, comma and escapes at worst
            }
            addPageLedgerRow(s, job, row);
            s.executeBatch();
        }
    }

    private void addPageLedgerRow(PreparedStatement s, String job, List<String> keys) throws SQLException {
        try {
            s.setString(1, job);
            s.setString(2, json.writeValueAsString(keys));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new JobStoreException("could not encode ledger keys", e);
        }
        s.addBatch();
    }

    /** Keys of {@code keys} that the ledger of the page being copied holds (one query: the page's runs). */
    public Set<String> ledgerKeys(UUID id, Collection<String> keys) {
        Map<String, String> byStoredKey = new HashMap<>();
        for (String key : keys) {
            byStoredKey.put(storedKey(key), key);
        }
        Set<String> present = new HashSet<>();
        withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT item_keys FROM dtp_page_ledger WHERE job_id = ?")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        for (String key : json.readValue(rs.getString(1), String[].class)) {
                            String asGiven = byStoredKey.get(key);
                            if (asGiven != null) {
                                present.add(asGiven);
                            }
                        }
                    }
                } catch (java.io.IOException e) {
                    throw new JobStoreException("the job's page ledger is unreadable", e);
                }
            }
            return null;
        });
        return present;
    }

    private static void insertItemError(Connection c, String job, String container, String key, String message, long now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM dtp_item_error WHERE job_id = ? AND item_key = ?")) {
            s.setString(1, job);
            s.setString(2, storedKey(key));
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    return;
                }
            }
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_item_error "
                + "(job_id, item_key, container_id, message, at) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, job);
            s.setString(2, storedKey(key));
            s.setString(3, container);
            s.setString(4, truncate(message == null ? "unknown error" : message, 4000));
            s.setLong(5, now);
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE dtp_container_progress SET errors = errors + 1 "
                + "WHERE job_id = ? AND container_id = ?")) {
            s.setString(1, job);
            s.setString(2, container);
            s.executeUpdate();
        }
    }

    private static void insertNotKept(Connection c, UUID id, String containerId, String key, List<NotKept> fields, long now)
            throws SQLException {
        for (NotKept f : fields) {
            String field = truncate(f.field() == null ? "(unnamed)" : f.field(), 500);
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT 1 FROM dtp_field_not_kept WHERE job_id = ? AND source_key = ? AND field = ?")) {
                s.setString(1, id.toString());
                s.setString(2, storedKey(key));
                s.setString(3, field);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        continue;
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_field_not_kept "
                    + "(job_id, source_key, field, container_id, source_id, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                s.setString(1, id.toString());
                s.setString(2, storedKey(key));
                s.setString(3, field);
                s.setString(4, storedKey(containerId));
                s.setString(5, f.sourceId() == null ? "" : f.sourceId());
                s.setString(6, truncate(f.reason() == null ? "not kept" : f.reason(), 2000));
                s.setLong(7, now);
                s.executeUpdate();
            }
        }
    }

    /** The fidelity report: how many fields were not kept, and the first {@link FidelityReport#MAX_LISTED}. */
    public FidelityReport fidelity(UUID id) {
        return withConnection(c -> {
            long total;
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM dtp_field_not_kept WHERE job_id = ?")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    total = rs.getLong(1);
                }
            }
            if (total == 0) {
                return FidelityReport.EMPTY;
            }
            List<FieldNotKept> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT container_id, source_id, field, reason, at "
                    + "FROM dtp_field_not_kept WHERE job_id = ? ORDER BY at, source_key, field FETCH FIRST "
                    + FidelityReport.MAX_LISTED + " ROWS ONLY")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new FieldNotKept(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                Instant.ofEpochMilli(rs.getLong(5))));
                    }
                }
            }
            return new FidelityReport(total, out);
        });
    }

    public List<ContainerProgress> containers(UUID id) {
        return withConnection(c -> {
            List<ContainerProgress> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT container_id, name, items, bytes, errors "
                    + "FROM dtp_container_progress WHERE job_id = ? ORDER BY ordinal")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ContainerProgress(rs.getString(1), rs.getString(2), rs.getLong(3),
                                rs.getLong(4), rs.getLong(5)));
                    }
                }
            }
            return out;
        });
    }

    public List<ItemError> errors(UUID id) {
        return withConnection(c -> {
            List<ItemError> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT container_id, item_key, message, at "
                    + "FROM dtp_item_error WHERE job_id = ? ORDER BY at DESC, item_key FETCH FIRST " + MAX_LISTED_ERRORS + " ROWS ONLY")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ItemError(rs.getString(1), rs.getString(2), rs.getString(3),
                                Instant.ofEpochMilli(rs.getLong(4))));
                    }
                }
            }
            return out;
        });
    }

    public List<StateChange> history(UUID id) {
        return withConnection(c -> {
            List<StateChange> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT from_state, to_state, reason, at "
                    + "FROM dtp_job_transition WHERE job_id = ? ORDER BY id")) {
                s.setString(1, id.toString());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String from = rs.getString(1);
                        out.add(new StateChange(from == null ? null : JobState.valueOf(from),
                                JobState.valueOf(rs.getString(2)), rs.getString(3), Instant.ofEpochMilli(rs.getLong(4))));
                    }
                }
            }
            return out;
        });
    }

    private void insertTransition(Connection c, UUID id, JobState from, JobState to, String reason, long at)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_job_transition "
                + "(job_id, from_state, to_state, reason, at) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, id.toString());
            s.setString(2, from == null ? null : from.name());
            s.setString(3, to.name());
            s.setString(4, truncate(reason, 2000));
            s.setLong(5, at);
            s.executeUpdate();
        }
    }

    private List<TransferJob> query(String sql, Binder binder) {
        return withConnection(c -> {
            List<TransferJob> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(sql)) {
                binder.bind(s);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        UUID id = UUID.fromString(rs.getString(1));
                        long startsAt = rs.getLong(14);
                        Instant startsAtTime = rs.wasNull() ? null : Instant.ofEpochMilli(startsAt);
                        out.add(new TransferJob(id, Vertical.valueOf(rs.getString(2)),
                                new TransferEndpoint(rs.getString(3), read(open(c, id, SOURCE_SETTINGS, rs.getString(4)))),
                                new TransferEndpoint(rs.getString(5), read(open(c, id, DESTINATION_SETTINGS, rs.getString(6)))),
                                JobState.valueOf(rs.getString(7)), rs.getString(8),
                                Instant.ofEpochMilli(rs.getLong(9)), Instant.ofEpochMilli(rs.getLong(10)),
                                rs.getLong(15), rs.getLong(16), rs.getLong(17), rs.getString(11), rs.getString(12),
                                rs.getString(13), startsAtTime));
                    }
                }
            }
            return out;
        });
    }

    private void update(String sql, Binder binder) {
        withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                binder.bind(s);
                s.executeUpdate();
            }
            return null;
        });
    }

    private <T> T inTransaction(SqlWork<T> work) {
        return withConnection(c -> {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        });
    }

    private <T> T withConnection(SqlWork<T> work) {
        try (Connection c = db.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new JobStoreException("job store: " + e.getMessage(), e);
        }
    }

    private String write(Map<String, String> settings) {
        try {
            return json.writeValueAsString(settings);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("settings cannot be written as JSON", e);
        }
    }

    private Map<String, String> read(String settings) {
        try {
            return json.readValue(settings, SETTINGS);
        } catch (JsonProcessingException e) {
            throw new JobStoreException("job store holds unreadable settings: " + e.getOriginalMessage(), e);
        }
    }

    private static String truncate(String s, int max) {
        if (s == null || s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max; // never half a character
        return s.substring(0, end);
    }

    /**
     * The form of an item key or container id stored in a primary key column: the key itself when
     * its UTF-8 form fits {@link #MAX_KEY_BYTES}, else a prefix of it and the SHA-256 of the whole
     * key. The same key always maps to the same stored form, so the ledger stays exact for any
     * length, and PostgreSQL's B-tree entries stay under their 2704-byte limit.
     */
    static String storedKey(String key) {
        if (key == null || key.length() <= MAX_KEY_BYTES / 3) {
            return key; // at most 3 UTF-8 bytes per UTF-16 char
        }
        byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
        if (utf8.length <= MAX_KEY_BYTES) {
            return key;
        }
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(utf8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
        String suffix = HASH_MARK + HexFormat.of().formatHex(digest);
        int budget = MAX_KEY_BYTES - suffix.getBytes(StandardCharsets.UTF_8).length;
        StringBuilder prefix = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < key.length(); ) {
            int cp = key.codePointAt(i);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > budget) {
                break;
            }
            prefix.appendCodePoint(cp);
            bytes += size;
            i += Character.charCount(cp);
        }
        return prefix.append(suffix).toString();
    }

    @FunctionalInterface
    private interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement s) throws SQLException;
    }
}
