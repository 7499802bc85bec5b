package org.dtp.core.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.models.ModelJson;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.Selection;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

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
 * <p>
 * This class owns the transactions: each public method is one, and hands its connection to the pieces that know
 * the tables ({@link JobRows}, {@link RunLeases}, {@link JobKeys}, {@link ProgressLedger}, {@link JobReports}), so
 * that a fenced write checks the lease, counts, checkpoint and page ledger in one commit.
 */
@Component(service = JobStore.class)
public final class JobStore {
    /** The errors a job's details list, newest first. */
    public static final int MAX_LISTED_ERRORS = 100;

    private final Sql sql;
    private final JobKeys keys;
    private final JobRows rows;
    private final ProgressLedger ledger;
    private final MappingKeys mappingKeys;
    private final Mappings mappings;
    private final ChangeTokens changeTokens;
    private final SyncRows syncs;
    private final TransitionListeners listeners = new TransitionListeners();

    @Activate
    public JobStore(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db,
                    @Reference MasterKeyring masterKeys) {
        ObjectMapper json = ModelJson.newObjectMapper();
        this.sql = new Sql(db);
        this.keys = new JobKeys(masterKeys);
        this.rows = new JobRows(keys, json);
        this.ledger = new ProgressLedger(json);
        this.mappingKeys = new MappingKeys(masterKeys);
        this.mappings = new Mappings(mappingKeys);
        this.changeTokens = new ChangeTokens(mappingKeys);
        this.syncs = new SyncRows(keys, json);
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
         * {@link #transitioned}); a listener must not keep them. Not called for a run of a sync: its endpoints went
         * back to the sync, whose credentials they still are.
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
        return create(id, vertical, source, destination, TransferRequest.OPERATOR, null, checkpoint);
    }

    /**
     * Persists a new job of {@code owner} in {@link JobState#QUEUED} with its own data key and its initial
     * checkpoint; {@code startsAt} (or null: at once) is when it may start.
     */
    public TransferJob create(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                              String owner, Instant startsAt, String checkpoint) {
        return create(id, vertical, source, destination, owner, startsAt, null, Selection.ALL, checkpoint);
    }

    /**
     * Persists a new job of {@code owner} in {@link JobState#QUEUED} with its own data key, the part of the source it
     * copies (sealed with that key) and its initial checkpoint; {@code startsAt} (or null: at once) is when it may start;
     * {@code syncId} names the sync it is a run of, or is null.
     */
    public TransferJob create(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                              String owner, Instant startsAt, UUID syncId, Selection selection, String checkpoint) {
        long now = System.currentTimeMillis();
        DataKeyCipher cipher = sql.inTransaction(c -> {
            DataKeyCipher created = keys.create(c, id);
            rows.insert(c, id, vertical, source, destination, owner, startsAt, syncId, selection, checkpoint, created, now);
            return created;
        });
        keys.remember(id, cipher);
        listeners.notify(id, l -> l.transitioned(id, null, JobState.QUEUED));
        return job(id).orElseThrow();
    }

    /** The run lease of a job: the epoch a node took it with, that node, and until when (epoch ms) it holds. */
    public record RunLease(long epoch, String node, long untilMillis) {
    }

    /**
     * Takes the run lease of a job for {@code node} with a new epoch, unless another node holds a lease that has not
     * expired; every later fenced write of the job ({@link #record(UUID, long, Duration, RunProgress)},
     * {@link #transition(UUID, long, Collection, JobState, String)}, the fenced container writes) must carry this
     * epoch.
     *
     * @return the new lease; empty when another node's lease holds (see {@link #runLease})
     */
    public Optional<RunLease> claimRun(UUID id, String node, Duration ttl) {
        return sql.inTransaction(c -> RunLeases.claim(c, id, node, ttl));
    }

    /** The job's run lease as stored (an expired or released one has {@code untilMillis} in the past). */
    public Optional<RunLease> runLease(UUID id) {
        return sql.inTransaction(c -> RunLeases.get(c, id));
    }

    /** Extends the lease of {@code epoch} by {@code ttl} from now; false when another node took the job since. */
    public boolean renewRun(UUID id, long epoch, Duration ttl) {
        return sql.inTransaction(c -> RunLeases.extend(c, id, epoch, System.currentTimeMillis() + ttl.toMillis()));
    }

    /** Ends the lease of {@code epoch} (the node stopped running the job), so another node may take it at once. */
    public void releaseRun(UUID id, long epoch) {
        sql.inTransaction(c -> RunLeases.extend(c, id, epoch, 0));
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
        return sql.inTransaction(c -> rows.updateSettings(c, id, source, changes));
    }

    /**
     * Re-wraps every data key (of jobs, and of mapping scopes with the mapping hash key) not wrapped by the current
     * master key with it.
     *
     * @return how many were re-wrapped
     */
    public int rewrapDataKeys() {
        return sql.inTransaction(c -> keys.rewrap(c) + mappingKeys.rewrap(c));
    }

    /**
     * Moves a job to {@code to} if it is now in one of {@code from}, recording the transition.
     *
     * @return whether the job was in one of {@code from} (and so moved)
     */
    public boolean transition(UUID id, Collection<JobState> from, JobState to, String reason) {
        return transition(id, null, from, to, reason, null);
    }

    /**
     * {@link #transition(UUID, Collection, JobState, String)} by the node that runs the job: only while its lease
     * epoch is still {@code epoch}.
     *
     * @return false also when another node took the job since
     */
    public boolean transition(UUID id, long epoch, Collection<JobState> from, JobState to, String reason) {
        return transition(id, Long.valueOf(epoch), from, to, reason, null);
    }

    /**
     * Pauses a job its node runs (while its lease epoch is still {@code epoch}), keeping why it waits as
     * {@code pause} beside the reason people read; {@link #paused} finds it by that cause.
     */
    public boolean pause(UUID id, long epoch, Collection<JobState> from, String reason, Pause pause) {
        return transition(id, Long.valueOf(epoch), from, JobState.PAUSED, reason, Objects.requireNonNull(pause, "pause"));
    }

    /** The paused jobs that wait for {@code cause}, oldest pause first. */
    public List<Pause.PausedJob> paused(Pause.Cause cause) {
        return sql.withConnection(c -> JobRows.paused(c, cause));
    }

    /** Why the job waits, if it is paused with a known cause. */
    public Optional<Pause> pause(UUID id) {
        return sql.withConnection(c -> JobRows.pause(c, id));
    }

    /** A transition done: the state it left, and the endpoints of a job that ended. */
    private record Moved(JobState from, JobRows.Ended ended) {
    }

    private boolean transition(UUID id, Long epoch, Collection<JobState> from, JobState to, String reason, Pause pause) {
        Optional<Moved> moved = sql.inTransaction(c -> {
            Optional<JobRows.StateAndEpoch> current = rows.lockState(c, id);
            if (current.isEmpty() || epoch != null && current.get().epoch() != epoch
                    || !from.contains(current.get().state())) {
                return Optional.<Moved>empty();
            }
            rows.move(c, id, current.get().state(), to, reason, pause, System.currentTimeMillis());
            JobRows.Ended ended = to.isFinal() ? rows.purgeEnded(c, id) : null;
            if (to == JobState.COMPLETED && JobRows.hasNoItemError(c, id)) {
                changeTokens.commit(c, id);
            } else if (to.isFinal()) {
                ChangeTokens.drop(c, id);
            }
            if (ended != null && ended.syncId() != null) {
                // In the same commit, so that the sync's next run, which may start as soon as this one has ended,
                // has what this one left: a refresh token used up and replaced, a folder it created.
                syncs.updateSettings(c, ended.syncId(), ended.source(), ended.destination());
            }
            return Optional.of(new Moved(current.get().state(), ended));
        });
        moved.ifPresent(m -> {
            if (m.ended() != null) {
                keys.forget(id);
            }
            if (m.ended() != null && m.ended().syncId() == null) {
                listeners.notify(id, l -> l.ended(id, m.ended().vertical(), m.ended().source(), m.ended().destination()));
            }
            listeners.notify(id, l -> l.transitioned(id, m.from(), to));
        });
        return moved.isPresent();
    }

    /**
     * Deletes every trace of the jobs that ended before {@code cutoff}.
     *
     * @return how many jobs were deleted
     */
    public int deleteEndedBefore(Instant cutoff) {
        return sql.inTransaction(c -> JobRows.deleteEndedBefore(c, cutoff));
    }

    public Optional<TransferJob> job(UUID id) {
        return sql.withConnection(c -> rows.job(c, id));
    }

    /** Only the job's state: what the engine checks between pages. */
    public Optional<JobState> state(UUID id) {
        return sql.withConnection(c -> JobRows.state(c, id));
    }

    /** Jobs newest first. */
    public List<TransferJob> jobs(int offset, int limit) {
        return sql.withConnection(c -> rows.jobs(c, null, offset, limit));
    }

    /** The jobs of one owner, newest first. */
    public List<TransferJob> jobs(String owner, int offset, int limit) {
        return sql.withConnection(c -> rows.jobs(c, owner, offset, limit));
    }

    /** The runs of a sync, newest first. */
    public List<TransferJob> runs(UUID syncId, int offset, int limit) {
        return sql.withConnection(c -> rows.runs(c, syncId, offset, limit));
    }

    /** The ids of the sync's runs that have not ended. */
    public List<UUID> unfinishedRuns(UUID syncId) {
        return sql.withConnection(c -> JobRows.unfinishedRuns(c, syncId));
    }

    /** How many of the owner's jobs have not ended. */
    public long unfinishedJobs(String owner) {
        return sql.withConnection(c -> JobReports.unfinishedJobs(c, owner));
    }

    /** How many jobs the owner created since {@code since}. */
    public long jobsCreatedSince(String owner, Instant since) {
        return sql.withConnection(c -> JobReports.jobsCreatedSince(c, owner, since));
    }

    /**
     * Unfinished (queued, running, paused) jobs per provider and vertical; a job counts once for each provider it
     * uses, once when both sides use the same one.
     */
    public Map<String, Map<Vertical, Long>> unfinishedJobsByProvider() {
        return sql.withConnection(JobReports::unfinishedJobsByProvider);
    }

    /** Ids of the jobs in any of the given states, oldest first. */
    public List<UUID> jobIdsIn(Collection<JobState> states) {
        return states.isEmpty() ? new ArrayList<>() : sql.withConnection(c -> JobReports.jobIdsIn(c, states));
    }

    public Optional<String> checkpoint(UUID id) {
        return sql.withConnection(c -> rows.checkpoint(c, id));
    }

    public void saveCheckpoint(UUID id, String checkpoint) {
        sql.withConnection(c -> {
            rows.saveCheckpoint(c, id, checkpoint, System.currentTimeMillis());
            return null;
        });
    }

    /** Records which adapter bundles serve the job now. */
    public void recordAdapterVersions(UUID id, String exporterVersion, String importerVersion) {
        sql.withConnection(c -> {
            JobRows.recordAdapterVersions(c, id, exporterVersion, importerVersion);
            return null;
        });
    }

    /** The destination id recorded for a container's key ({@link #recordContainerImported}), if it was imported already. */
    public Optional<String> ledgerEntry(UUID id, String key) {
        return sql.withConnection(c -> ledger.ledgerEntry(c, id, key));
    }

    /** Starts progress for a container, once; later calls for the same container do nothing. Unfenced: tools, tests. */
    public void addContainer(UUID id, String containerId, String name) {
        write(id, null, c -> ledger.addContainer(c, id, containerId, name));
    }

    /**
     * {@link #addContainer(UUID, String, String)} by the node that runs the job, while its lease epoch is {@code epoch}.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void addContainer(UUID id, long epoch, String containerId, String name) {
        write(id, epoch, c -> ledger.addContainer(c, id, containerId, name));
    }

    /** Records a created destination container in the ledger. Unfenced: tools, tests. */
    public void recordContainerImported(UUID id, String key, String destinationId) {
        write(id, null, c -> ledger.recordContainerImported(c, id, key, destinationId));
    }

    /**
     * {@link #recordContainerImported(UUID, String, String)} by the node that runs the job, while its lease epoch is
     * {@code epoch}: a node that froze and came back must not write (or collide with) the ledger of the node that
     * took the job over.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void recordContainerImported(UUID id, long epoch, String key, String destinationId) {
        write(id, epoch, c -> ledger.recordContainerImported(c, id, key, destinationId));
    }

    /**
     * {@link #recordContainerImported(UUID, long, String, String)} of a container that {@code scope} maps (see
     * {@link #openMappingScope}): its mapping is written in the same transaction, so that a later transfer between the
     * same accounts finds the container.
     */
    public void recordContainerImported(UUID id, long epoch, String scope, String key, String sourceId,
                                        String destinationId) {
        // Another transfer of the scope may map the same container at the same time: write() runs it again then.
        write(id, epoch, c -> {
            ledger.recordContainerImported(c, id, key, destinationId);
            mappings.map(c, id, List.of(new Handled(scope, key, sourceId, destinationId, null, null, null,
                    ItemRecord.Outcome.COPIED)), System.currentTimeMillis());
        });
    }

    /**
     * The mapping scope of {@code owner}'s transfers of {@code vertical} from the {@code source} account to the
     * {@code destination} account (each named by the engine, never with a secret): made when none exists, marked used
     * now (the retention deletes scopes unused for long). The scope's name is a keyed hash of the four.
     */
    public String openMappingScope(String owner, Vertical vertical, String source, String destination) {
        if (!sql.withConnection(mappingKeys::loadHashKey)) {
            try {
                sql.inTransaction(c -> {
                    mappingKeys.createHashKey(c);
                    return null;
                });
            } catch (JobStoreException createdElsewhere) {
                // another node made it first: the load below finds it (or fails with what is really wrong)
            }
            if (!sql.withConnection(mappingKeys::loadHashKey)) {
                throw new JobStoreException("the mapping hash key could not be made");
            }
        }
        long now = System.currentTimeMillis();
        // A run of the same scope on this node or another may make it at the same time: then it exists on the retry.
        return sql.inTransactionRetryingConflicts(c -> mappings.open(c, owner, vertical, source, destination, now));
    }

    /**
     * The token {@code scope}'s change feed {@code feed} stood at after its last transfer that completed with no item
     * error (see {@link org.dtp.spi.TransferContext#changeToken}); empty when there is none or no such scope.
     */
    public Optional<String> changeToken(String scope, String feed) {
        return sql.withConnection(c -> changeTokens.committed(c, scope, feed));
    }

    /**
     * Records {@code token} under {@code feed} of {@code scope} for the job, by the node that runs it (while its lease
     * epoch is {@code epoch}), unless the job recorded one under that feed before: the first is kept. The job's
     * tokens become the scope's when it ends {@link JobState#COMPLETED} with no item error, in the transaction that
     * ends it; any other end drops them. Nothing is recorded when the scope is gone (its mapping was deleted).
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void recordChangeToken(UUID id, long epoch, String scope, String feed, String token) {
        long now = System.currentTimeMillis();
        write(id, epoch, c -> {
            if (!JobRows.hasEnded(c, id)) { // a job cancelled meanwhile has dropped its tokens for good
                changeTokens.recordPending(c, id, scope, feed, token, now);
            }
        });
    }

    /** What {@code scope} maps of the source {@code keys} ({@code "i:"} items, {@code "c:"} containers), by key. */
    public Map<String, Mapped> mapped(String scope, Collection<String> keys) {
        return sql.withConnection(c -> mappings.mapped(c, scope, keys));
    }

    /** What a mapping scope remembers of a source item or container. */
    public record Mapped(String destinationId, String fingerprint, String modelVersion) {
    }

    /**
     * What a run did with one source item, under a mapping scope: recorded in the job's item records and, when it was
     * {@link #written()}, in the scope's mapping (see {@link RunProgress#handled}).
     *
     * @param fingerprint  SHA-256 of the item's canonical JSON (null for a container)
     * @param modelVersion the canonical model's schema version the fingerprint was taken in
     * @param mediaSha256  SHA-256 of the media bytes the importer read, null when none
     */
    public record Handled(String scope, String key, String sourceId, String destinationId, String fingerprint,
                          String modelVersion, String mediaSha256, ItemRecord.Outcome outcome) {
        /** Whether the destination was written (so the mapping changes). */
        public boolean written() {
            return outcome == ItemRecord.Outcome.COPIED || outcome == ItemRecord.Outcome.UPDATED;
        }
    }

    /** The mapping scopes of {@code owner} (null: every owner's), most recently used first. */
    public List<MappingScope> mappingScopes(String owner) {
        return sql.withConnection(c -> mappings.scopes(c, owner));
    }

    public Optional<MappingScope> mappingScope(String scope) {
        return sql.withConnection(c -> mappings.scope(c, scope));
    }

    /** A page of what the scope maps; empty when there is no such scope. */
    public Optional<ReportPage<MappingEntry>> mappingEntries(String scope, int offset, int limit) {
        return sql.withConnection(c -> mappings.entries(c, scope, offset, limit));
    }

    /** Deletes a mapping scope, what it maps and its change tokens; false when there was none. */
    public boolean deleteMappingScope(String scope) {
        return sql.inTransaction(c -> mappings.delete(c, scope));
    }

    /** Deletes the mapping scopes no transfer used since {@code cutoff}; returns how many. */
    public int deleteMappingScopesUnusedSince(Instant cutoff) {
        return sql.inTransaction(c -> mappings.deleteUnusedSince(c, cutoff));
    }

    /**
     * Up to {@code limit} of the job's item records after the source key {@code afterKey} (null: from the first), in
     * the order of their keys: a reader of all of them pages on with the last key it got.
     */
    public List<ItemRecord> itemRecords(UUID id, String afterKey, int limit) {
        return sql.withConnection(c -> Mappings.itemRecords(c, id, afterKey, limit));
    }

    /** A page of the job's item records in the order of their keys, with their total: see {@link org.dtp.transfer.TransferService#items}. */
    public ReportPage<ItemRecord> itemRecords(UUID id, int offset, int limit) {
        return sql.withConnection(c -> Mappings.itemRecordPage(c, id, offset, limit));
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
     * not keep; a field already recorded for the same key is kept once. Unfenced: tools, tests.
     */
    public void recordNotKept(UUID id, String containerId, String key, List<NotKept> fields) {
        write(id, null, c -> ledger.insertNotKept(c, id, containerId, key, fields, System.currentTimeMillis()));
    }

    /**
     * {@link #recordNotKept(UUID, String, String, List)} by the node that runs the job, while its lease epoch is
     * {@code epoch}.
     *
     * @throws LeaseLostException (nothing written) when another node took the job since
     */
    public void recordNotKept(UUID id, long epoch, String containerId, String key, List<NotKept> fields) {
        write(id, epoch, c -> ledger.insertNotKept(c, id, containerId, key, fields, System.currentTimeMillis()));
    }

    /**
     * Records what the canonical model could not carry of the items and containers of one exported page (the
     * source's side of the fidelity report), by their ledger key ({@code "i:"} or {@code "c:"} and the source id);
     * a field already recorded for the same key is kept once. Fenced by the lease {@code epoch} as
     * {@link #recordNotKept(UUID, long, String, String, List)} is.
     */
    public void recordNotRead(UUID id, long epoch, String containerId, Map<String, List<NotKept>> fieldsByKey) {
        long now = System.currentTimeMillis();
        write(id, epoch, c -> {
            for (Map.Entry<String, List<NotKept>> e : fieldsByKey.entrySet()) {
                ledger.insertNotKept(c, FieldNotKept.Side.SOURCE, id, containerId, e.getKey(), e.getValue(), now);
            }
        });
    }

    /**
     * Runs {@code write} in one transaction, fenced: only while the job's lease epoch is still {@code epoch} (null:
     * unfenced), its row locked until the commit. Run again when it lost to a concurrent transaction
     * ({@link Sql#inTransactionRetryingConflicts}), so {@code write} keeps nothing outside the database.
     */
    private void write(UUID id, Long epoch, Write write) {
        sql.inTransactionRetryingConflicts(c -> {
            RunLeases.require(c, id, epoch);
            write.run(c);
            return null;
        });
    }

    @FunctionalInterface
    private interface Write {
        void run(Connection c) throws SQLException;
    }

    /** A field reported as not kept, before it is stored. */
    public record NotKept(String sourceId, String field, String reason) {
    }

    /** The engine's buffer of a run's progress (see {@link ProgressBuffer}), written by {@link #record}. */
    public static final class RunProgress extends ProgressBuffer {
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
    public void record(UUID id, long epoch, Duration ttl, RunProgress progress) {
        record(id, new Fence(epoch, ttl.toMillis()), progress);
    }

    /** The lease a fenced write must still hold, and how long it is extended by. */
    private record Fence(long epoch, long ttlMillis) {
    }

    private void record(UUID id, Fence fence, RunProgress progress) {
        if (progress.isEmpty()) {
            return;
        }
        // Another transfer of the same mapping scope may map the same items at the same time (Mappings#map).
        sql.inTransactionRetryingConflicts(c -> {
            long now = System.currentTimeMillis();
            if (fence != null && !RunLeases.extend(c, id, fence.epoch(), now + fence.ttlMillis())) {
                throw new LeaseLostException("transfer " + id + " is run by another node now (lease epoch "
                        + fence.epoch() + " is over); this node's last " + progress.items() + " items are not recorded");
            }
            ledger.count(c, id, progress, now);
            if (!progress.handled().isEmpty()) {
                // What was copied is at the destination whatever became of the job: mapped and recorded even if it ended.
                mappings.map(c, id, progress.handled().stream().filter(Handled::written).toList(), now);
                Mappings.recordItems(c, id, progress.handled(), now);
            }
            if (JobRows.hasEnded(c, id)) {
                // The job ended (a cancel, on this node or another) while the run was copied: its items count, but
                // a checkpoint and a page ledger are of no use to it, and were deleted with its data key.
                return null;
            }
            if (progress.checkpoint() != null) {
                // A page is done: its items are behind the new checkpoint, so its ledger is not needed any more.
                ledger.clearPage(c, id);
                rows.saveCheckpoint(c, id, progress.checkpoint(), now);
            }
            if (!progress.pageKeys().isEmpty()) {
                ledger.insertPageLedger(c, id, progress.pageKeys());
            }
            return null;
        });
    }

    /** Keys of {@code keys} that the ledger of the page being copied holds (one query: the page's runs). */
    public Set<String> ledgerKeys(UUID id, Collection<String> keys) {
        return sql.withConnection(c -> ledger.ledgerKeys(c, id, keys));
    }

    /** The fidelity report: how many fields were not kept, and the first {@link FidelityReport#MAX_LISTED}. */
    public FidelityReport fidelity(UUID id) {
        return sql.withConnection(c -> JobReports.fidelity(c, id));
    }

    /** The part of the source the job copies; {@link Selection#ALL} for a job that selected nothing, or none. */
    public Selection selection(UUID id) {
        return sql.withConnection(c -> rows.selection(c, id));
    }

    public List<ContainerProgress> containers(UUID id) {
        return sql.withConnection(c -> JobReports.containers(c, id));
    }

    public List<ItemError> errors(UUID id) {
        return sql.withConnection(c -> JobReports.errors(c, id));
    }

    /** Every item error of the job, a page at a time: see {@link org.dtp.transfer.TransferService#errors}. */
    public ReportPage<ItemError> errors(UUID id, int offset, int limit) {
        return sql.withConnection(c -> JobReports.errorPage(c, id, offset, limit));
    }

    /** The fidelity entries of both sides of the job's items {@code sourceIds}, by source id (for receipts). */
    public Map<String, List<FieldNotKept>> fidelityOfItems(UUID id, Collection<String> sourceIds) {
        return sql.withConnection(c -> JobReports.fidelityOfItems(c, id, sourceIds));
    }

    /** Every fidelity entry of the job, a page at a time: see {@link org.dtp.transfer.TransferService#fidelity}. */
    public ReportPage<FieldNotKept> fidelity(UUID id, FieldNotKept.Side side, int offset, int limit) {
        return sql.withConnection(c -> JobReports.fidelityPage(c, id, side, offset, limit));
    }

    public List<StateChange> history(UUID id) {
        return sql.withConnection(c -> JobReports.history(c, id));
    }
}
