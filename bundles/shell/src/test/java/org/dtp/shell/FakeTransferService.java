package org.dtp.shell;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
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
 * A TransferService in memory: adapters localfs 0.1.0 (media both ways) and smugmug 0.2.0 (media import,
 * contacts export), and revocations kept like the engine keeps them.
 */
final class FakeTransferService implements TransferService {
    static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    final List<AdapterInfo> adapters = new ArrayList<>(List.of(
            new AdapterInfo("localfs", "Local folder", "org.dtp.dtp-adapter-localfs", "0.1.0",
                    Map.of(Vertical.MEDIA, Set.of(Direction.IMPORT, Direction.EXPORT))),
            new AdapterInfo("smugmug", "SmugMug", "org.dtp.dtp-adapter-smugmug", "0.2.0",
                    Map.of(Vertical.MEDIA, Set.of(Direction.IMPORT), Vertical.CONTACTS, Set.of(Direction.EXPORT)),
                    Map.of(Vertical.MEDIA, 3L))));
    /** Revocations by provider and version; each revoke ticks the clock by a second. */
    final Map<String, Revocation> revocations = new TreeMap<>();
    private int revokeTicks;
    final Map<UUID, TransferJob> jobs = new LinkedHashMap<>();
    TransferRequest lastRequest;
    /** The selection every transfer's details show. */
    org.dtp.transfer.Selection selection = org.dtp.transfer.Selection.ALL;
    /** The name of the thread that called start, as the log would print it. */
    String startedOnThread;
    /** Details calls answered so far; a job given to {@link #finishAfter} ends after that many. */
    int detailsCalls;
    int finishAfter = Integer.MAX_VALUE;

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
        startedOnThread = Thread.currentThread().getName();
        if (adapters.stream().noneMatch(a -> a.provider().equals(request.destination().provider()))) {
            throw new InvalidTransferException("no adapter for provider '" + request.destination().provider() + "'");
        }
        return add(JobState.QUEUED, 0, 0, 0);
    }

    TransferJob add(JobState state, long items, long bytes, long errors) {
        UUID id = UUID.randomUUID();
        TransferJob job = new TransferJob(id, Vertical.MEDIA, new TransferEndpoint("localfs", Map.of("path", "/a")),
                new TransferEndpoint("smugmug", Map.of("token", "t")), state, "because", T0, T0.plusSeconds(5),
                items, bytes, errors, "org.dtp.dtp-adapter-localfs 0.1.0", null);
        jobs.put(id, job);
        return job;
    }

    @Override
    public Optional<TransferDetails> details(UUID id) {
        TransferJob job = jobs.get(id);
        if (job == null) {
            return Optional.empty();
        }
        detailsCalls++;
        if (detailsCalls >= finishAfter) {
            job = with(job, JobState.COMPLETED, "done");
            jobs.put(id, job);
        }
        return Optional.of(new TransferDetails(job,
                List.of(new ContainerProgress("a1", "Holidays", 30, 3 * 1024 * 1024, 1, 0, 0, 4),
                        new ContainerProgress("a2", null, 10, 2048, 0)),
                errorsOf(id).stream().limit(100).toList(),
                List.of(new StateChange(null, JobState.QUEUED, "created", T0),
                        new StateChange(JobState.QUEUED, JobState.RUNNING, "worker 1", T0.plusSeconds(1))),
                new FidelityReport(notKeptOf(id).size(), notKeptOf(id).stream().limit(FidelityReport.MAX_LISTED).toList(),
                        List.of(new org.dtp.transfer.FieldCount("location.altitude", FieldNotKept.Side.DESTINATION, 1))),
                selection));
    }

    /** Item errors and fidelity entries a test gave a transfer; one of each when it gave none. */
    final Map<UUID, List<ItemError>> errors = new LinkedHashMap<>();
    final Map<UUID, List<FieldNotKept>> notKept = new LinkedHashMap<>();

    private List<ItemError> errorsOf(UUID id) {
        return errors.getOrDefault(id, List.of(new ItemError("a1", "img-9.jpg", "unreadable JPEG", T0)));
    }

    private List<FieldNotKept> notKeptOf(UUID id) {
        return notKept.getOrDefault(id, List.of(new FieldNotKept("a1", "img-9.jpg", "location.altitude",
                "the destination keeps no altitude", T0)));
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
        return move(id, JobState.PAUSED, "paused by user");
    }

    @Override
    public TransferJob resume(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return move(id, JobState.QUEUED, "resumed by user");
    }

    @Override
    public TransferJob cancel(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return move(id, JobState.CANCELLED, "cancelled by user");
    }

    private TransferJob move(UUID id, JobState to, String reason) throws NoSuchTransferException, IllegalJobStateException {
        TransferJob job = jobs.get(id);
        if (job == null) {
            throw new NoSuchTransferException("no transfer " + id);
        }
        if (job.state().isFinal()) {
            throw new IllegalJobStateException("transfer is " + job.state());
        }
        TransferJob moved = with(job, to, reason);
        jobs.put(id, moved);
        return moved;
    }

    private static TransferJob with(TransferJob job, JobState state, String reason) {
        return new TransferJob(job.id(), job.vertical(), job.source(), job.destination(), state, reason,
                job.createdAt(), job.updatedAt(), job.items(), job.bytes(), job.errors(), job.exporterVersion(),
                job.importerVersion());
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
