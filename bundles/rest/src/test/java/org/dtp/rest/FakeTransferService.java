package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.Direction;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.JobState;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.TransferService;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A TransferService in memory, with one adapter (localfs 0.1.0, media both ways), revocations, and
 * rules like the engine's.
 */
final class FakeTransferService implements TransferService {
    static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");
    /** A user who is always at a limit. */
    static final String LIMITED_USER = "busy";

    final List<AdapterInfo> adapters = new ArrayList<>(List.of(new AdapterInfo("localfs", "Local folder",
            "org.dtp.dtp-adapter-localfs", "0.1.0", Map.of(Vertical.MEDIA, Set.of(Direction.IMPORT, Direction.EXPORT)))));
    final Map<UUID, TransferJob> jobs = new LinkedHashMap<>();
    final Map<UUID, List<StateChange>> history = new LinkedHashMap<>();
    TransferRequest lastRequest;
    /** Revocations by provider and version, as the engine keeps them; each revoke ticks the clock by a second. */
    final Map<String, Revocation> revocations = new TreeMap<>();
    private int revokeTicks;

    /** No exporter is installed here: estimates are tested with exporters of their own. */
    @Override
    public Optional<org.dtp.spi.Exporter<?, ?>> exporter(String provider, org.dtp.models.Vertical vertical) {
        return Optional.empty();
    }

    @Override
    public List<AdapterInfo> adapters() {
        return adapters;
    }

    @Override
    public TransferJob start(TransferRequest request) throws InvalidTransferException {
        lastRequest = request;
        for (var side : List.of(request.source(), request.destination())) {
            if (adapters.stream().noneMatch(a -> a.provider().equals(side.provider()))) {
                throw new InvalidTransferException("no adapter for provider '" + side.provider() + "'");
            }
        }
        if (request.owner().equals(LIMITED_USER)) {
            throw new org.dtp.transfer.TransferLimitException("user '" + LIMITED_USER + "' has 5 unfinished transfers");
        }
        if (request.source().settings().get("path") == null) {
            throw new InvalidTransferException("provider 'localfs' needs the setting 'path'");
        }
        TransferJob job = new TransferJob(UUID.randomUUID(), request.vertical(), request.source(),
                request.destination(), JobState.QUEUED, "created", T0, T0, 0, 0, 0, null, null, request.owner(), null);
        put(job, null);
        selections.put(job.id(), request.selection());
        return job;
    }

    /** The selection of each transfer started here. */
    private final Map<UUID, org.dtp.transfer.Selection> selections = new java.util.concurrent.ConcurrentHashMap<>();

    void put(TransferJob job, JobState from) {
        jobs.put(job.id(), job);
        history.computeIfAbsent(job.id(), k -> new ArrayList<>())
                .add(new StateChange(from, job.state(), job.stateReason(), job.updatedAt()));
    }

    @Override
    public Optional<TransferDetails> details(UUID id) {
        TransferJob job = jobs.get(id);
        if (job == null) {
            return Optional.empty();
        }
        return Optional.of(new TransferDetails(job,
                List.of(new ContainerProgress("album-1", "Holidays", 3, 3000, 1, 0, 0, 2)),
                errorsOf(id).stream().limit(100).toList(),
                history.get(id),
                new FidelityReport(notKeptOf(id).size(), notKeptOf(id).stream().limit(FidelityReport.MAX_LISTED).toList(),
                        List.of(new org.dtp.transfer.FieldCount("caption", FieldNotKept.Side.DESTINATION, 1))),
                selections.get(id)));
    }

    /** Item errors and fidelity entries a test gave a transfer; one of each when it gave none. */
    final Map<UUID, List<ItemError>> errors = new LinkedHashMap<>();
    final Map<UUID, List<FieldNotKept>> notKept = new LinkedHashMap<>();

    private List<ItemError> errorsOf(UUID id) {
        return errors.getOrDefault(id, List.of(new ItemError("album-1", "img-9", "unreadable", T0)));
    }

    private List<FieldNotKept> notKeptOf(UUID id) {
        return notKept.getOrDefault(id, List.of(new FieldNotKept("album-1", "img-3", "caption", "no captions there", T0)));
    }

    @Override
    public Optional<org.dtp.transfer.ReportPage<ItemError>> errors(UUID id, int offset, int limit) {
        return job(id).map(job -> page(errorsOf(id), offset, limit));
    }

    @Override
    public Optional<org.dtp.transfer.ReportPage<FieldNotKept>> fidelity(UUID id, FieldNotKept.Side side, int offset, int limit) {
        return job(id).map(job -> page(notKeptOf(id).stream().filter(f -> side == null || f.side() == side).toList(), offset, limit));
    }

    @Override
    public Optional<org.dtp.transfer.ReportPage<org.dtp.transfer.ItemRecord>> items(UUID id, int offset, int limit) {
        return job(id).map(job -> page(List.of(), offset, limit));
    }

    private static <T> org.dtp.transfer.ReportPage<T> page(List<T> all, int offset, int limit) {
        return new org.dtp.transfer.ReportPage<>(all.size(), offset, limit, all.stream().skip(offset).limit(limit).toList());
    }

    @Override
    public List<TransferJob> list(int offset, int limit) {
        List<TransferJob> newestFirst = new ArrayList<>(jobs.values());
        java.util.Collections.reverse(newestFirst);
        return newestFirst.stream().skip(offset).limit(limit).toList();
    }

    @Override
    public Optional<TransferJob> job(UUID id) {
        return Optional.ofNullable(jobs.get(id));
    }

    @Override
    public List<TransferJob> list(String owner, int offset, int limit) {
        return list(0, Integer.MAX_VALUE).stream().filter(j -> j.ownedBy(owner)).skip(offset).limit(limit).toList();
    }

    @Override
    public TransferJob pause(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return move(id, JobState.PAUSED, "paused by user", Set.of(JobState.QUEUED, JobState.RUNNING));
    }

    @Override
    public TransferJob resume(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return move(id, JobState.QUEUED, "resumed by user", Set.of(JobState.PAUSED));
    }

    @Override
    public TransferJob cancel(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return move(id, JobState.CANCELLED, "cancelled by user",
                Set.of(JobState.QUEUED, JobState.RUNNING, JobState.PAUSED));
    }

    private TransferJob move(UUID id, JobState to, String reason, Set<JobState> allowed)
            throws NoSuchTransferException, IllegalJobStateException {
        TransferJob job = jobs.get(id);
        if (job == null) {
            throw new NoSuchTransferException("no transfer " + id);
        }
        if (!allowed.contains(job.state())) {
            throw new IllegalJobStateException("transfer " + id + " is " + job.state());
        }
        TransferJob moved = new TransferJob(job.id(), job.vertical(), job.source(), job.destination(), to, reason,
                job.createdAt(), T0.plusSeconds(60), job.items(), job.bytes(), job.errors(),
                job.exporterVersion(), job.importerVersion(), job.owner(), job.startsAt());
        put(moved, job.state());
        return moved;
    }

    /** Like the engine: a blank reason gets a default one, and revoking again replaces reason and time. */
    @Override
    public Revocation revoke(String provider, String bundleVersion, String reason) {
        Revocation revocation = new Revocation(provider, bundleVersion,
                reason == null || reason.isBlank() ? "revoked by operator" : reason, T0.plusSeconds(++revokeTicks));
        revocations.put(key(provider, bundleVersion), revocation);
        return revocation;
    }

    @Override
    public boolean unrevoke(String provider, String bundleVersion) {
        return revocations.remove(key(provider, bundleVersion)) != null;
    }

    /** Sorted by provider, then version. */
    @Override
    public List<Revocation> revocations() {
        return List.copyOf(revocations.values());
    }

    /** Sorts by provider, then version: no character sorts before NUL. */
    private static String key(String provider, String bundleVersion) {
        return provider + '\u0000' + bundleVersion;
    }
}
