package org.dtp.core.engine;

import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.Pause;
import org.dtp.core.store.RevocationStore;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.models.Vertical;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferLimitException;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.TransferService;
import org.dtp.transfer.execution.JobDispatcher;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The operations on transfers. Requests are validated in full (adapters present, vertical and
 * direction supported, settings accepted by both adapters, the owner's limits) before anything is persisted.
 */
@Component(service = {TransferService.class, TransferManager.class}, configurationPid = TransferManager.PID)
@Designate(ocd = TransferManager.Config.class)
public final class TransferManager implements TransferService {
    public static final String PID = "org.dtp.transfers";

    @ObjectClassDefinition(name = "dtp transfers", description = "Limits per user, the grace period before a transfer "
            + "starts, and how long ended transfers and the mappings of re-runs are kept. Transfers of the operator are not limited.")
    public @interface Config {
        @AttributeDefinition(name = "Unfinished transfers per user", description = "Queued, running or paused "
                + "transfers one user may have at once; 0: no limit.")
        int maxUnfinishedPerUser() default 5;

        @AttributeDefinition(name = "Transfers per user and day", description = "Transfers one user may create in "
                + "24 hours; 0: no limit.")
        int maxPerUserPerDay() default 50;

        @AttributeDefinition(name = "Grace period (s)", description = "A new transfer waits this long before it starts, "
                + "so that its owner, told by e-mail, can cancel it; 0: it starts at once.")
        long startDelaySeconds() default 0;

        @AttributeDefinition(name = "Retention (days)", description = "An ended transfer's record (summary, errors, "
                + "fidelity report, history) is deleted this many days after it ended; its credentials and temporary "
                + "data are deleted when it ends.")
        int retentionDays() default 30;

        @AttributeDefinition(name = "Mapping retention (days)", description = "What transfers remember between the "
                + "same accounts (so that a re-run copies only what is new or changed) is deleted when no transfer used "
                + "it for this many days; the next transfer between those accounts then copies everything again.")
        int mappingRetentionDays() default 400;
    }

    private static final Logger LOG = LoggerFactory.getLogger(TransferManager.class);
    private static final int MAX_PAGE = 1000;

    private final JobStore store;
    private final AdapterRegistry registry;
    private final JobControls controls;
    private final JobDispatcher dispatcher;
    private final RevocationStore revocations;
    private final Consumer<String> resumeWaiting = this::resumeJobsWaitingFor;
    private volatile Config config;

    @Activate
    public TransferManager(@Reference JobStore store, @Reference AdapterRegistry registry,
                           @Reference JobControls controls, @Reference JobDispatcher dispatcher,
                           @Reference RevocationStore revocations, Config config) {
        this.config = config;
        this.store = store;
        this.revocations = revocations;
        this.registry = registry;
        this.controls = controls;
        this.dispatcher = dispatcher;
        registry.onArrival(resumeWaiting);
        // Adapters that registered before this component are not announced again.
        registry.adapters().forEach(a -> resumeJobsWaitingFor(a.provider()));
    }

    /** For tools and tests: no limits per user, no grace period, and ended transfers and mappings are not deleted by age. */
    public TransferManager(JobStore store, AdapterRegistry registry, JobControls controls, JobDispatcher dispatcher,
                           RevocationStore revocations) {
        this(store, registry, controls, dispatcher, revocations, UNLIMITED);
    }

    /** The configuration of {@link #TransferManager(JobStore, AdapterRegistry, JobControls, JobDispatcher, RevocationStore)}. */
    private static final Config UNLIMITED = new Config() {
            @Override
            public Class<? extends java.lang.annotation.Annotation> annotationType() {
                return Config.class;
            }

            @Override
            public int maxUnfinishedPerUser() {
                return 0;
            }

            @Override
            public int maxPerUserPerDay() {
                return 0;
            }

            @Override
            public long startDelaySeconds() {
                return 0;
            }

            @Override
            public int retentionDays() {
                return Integer.MAX_VALUE;
            }

            @Override
            public int mappingRetentionDays() {
                return Integer.MAX_VALUE;
            }
        };

    @Modified
    void modified(Config config) {
        this.config = config;
    }

    @Deactivate
    void deactivate() {
        registry.removeArrivalListener(resumeWaiting);
    }

    @Override
    public Optional<Exporter<?, ?>> exporter(String provider, Vertical vertical) {
        return registry.exporter(provider, vertical).map(AdapterService::service);
    }

    @Override
    public List<AdapterInfo> adapters() {
        Map<String, Map<Vertical, Long>> unfinished = store.unfinishedJobsByProvider();
        return registry.adapters().stream()
                .map(a -> a.withActiveTransfers(unfinished.getOrDefault(a.provider(), Map.of())))
                .toList();
    }

    @Override
    public TransferJob start(TransferRequest request) throws InvalidTransferException {
        return start(request, null);
    }

    /**
     * Checks what {@link #start} checks of a request but its owner's limits: the adapters are there, support the
     * vertical and directions, and accept the settings.
     */
    @SuppressWarnings("rawtypes")
    public void validate(TransferRequest request) throws InvalidTransferException {
        Exporter exporter = find(registry.exporter(request.source().provider(), request.vertical()),
                request.source(), request, true).service();
        Importer importer = find(registry.importer(request.destination().provider(), request.vertical()),
                request.destination(), request, false).service();
        try {
            exporter.validate(request.source());
        } catch (AdapterException e) {
            throw new InvalidTransferException("source: " + e.getMessage());
        }
        try {
            importer.validate(request.destination());
        } catch (AdapterException e) {
            throw new InvalidTransferException("destination: " + e.getMessage());
        }
    }

    /** {@link #start(TransferRequest)} of a run of the sync {@code syncId} (null: a transfer of its own). */
    public TransferJob start(TransferRequest request, UUID syncId) throws InvalidTransferException {
        validate(request);
        checkLimits(request.owner());
        UUID id = UUID.randomUUID();
        Config limits = config;
        // A sync's runs start at once: its owner agreed to them when they made the sync, and can pause it.
        Instant startsAt = limits.startDelaySeconds() > 0 && syncId == null
                ? Instant.ofEpochMilli(System.currentTimeMillis() + limits.startDelaySeconds() * 1000) : null; // as stored
        TransferJob job = store.create(id, request.vertical(), request.source(), request.destination(), request.owner(),
                startsAt, syncId, request.selection(), Checkpoint.start().toJson(ModelJson.newObjectMapper()));
        LOG.info("transfer {} of {} queued: {} from {} to {}{}{}", id, request.owner(), request.vertical(),
                request.source().provider(), request.destination().provider(),
                syncId == null ? "" : ", a run of sync " + syncId, startsAt == null ? "" : ", to start at " + startsAt);
        if (startsAt == null) {
            dispatcher.dispatch(id);
        } else {
            dispatcher.dispatchAt(id, startsAt);
        }
        return job;
    }

    /**
     * Refuses a new transfer of an owner at a limit. Two requests at once may both pass the check: the limits
     * bound use, they are not exact quotas.
     */
    private void checkLimits(String owner) throws TransferLimitException {
        if (TransferRequest.OPERATOR.equals(owner)) {
            return;
        }
        Config limits = config;
        if (limits.maxUnfinishedPerUser() > 0 && store.unfinishedJobs(owner) >= limits.maxUnfinishedPerUser()) {
            throw new TransferLimitException("user '" + owner + "' has " + limits.maxUnfinishedPerUser()
                    + " unfinished transfers, the most allowed at once; start this one when one of them has ended");
        }
        if (limits.maxPerUserPerDay() > 0
                && store.jobsCreatedSince(owner, Instant.now().minus(Duration.ofDays(1))) >= limits.maxPerUserPerDay()) {
            throw new TransferLimitException("user '" + owner + "' created " + limits.maxPerUserPerDay()
                    + " transfers in the last 24 hours, the most allowed; try again later");
        }
    }

    private <T> AdapterService<T> find(Optional<AdapterService<T>> adapter, TransferEndpoint endpoint,
                                        TransferRequest request, boolean export) throws InvalidTransferException {
        if (adapter.isPresent()) {
            return adapter.get();
        }
        String direction = export ? "export" : "import";
        Optional<AdapterService<?>> revoked = registry.revokedAdapter(endpoint.provider(), request.vertical(), export);
        if (revoked.isPresent()) {
            String version = revoked.get().bundleVersion();
            String reason = revocations.all().stream()
                    .filter(r -> r.provider().equals(endpoint.provider()) && r.bundleVersion().equals(version))
                    .map(Revocation::reason).findFirst().orElse("");
            throw new InvalidTransferException("adapter '" + endpoint.provider() + "' version " + version
                    + " is revoked (" + reason + "); no other version can " + direction + " "
                    + request.vertical().name().toLowerCase());
        }
        if (!registry.knows(endpoint.provider())) {
            throw new InvalidTransferException("no adapter for provider '" + endpoint.provider() + "' is installed");
        }
        throw new InvalidTransferException("adapter '" + endpoint.provider() + "' cannot " + direction + " "
                + request.vertical().name().toLowerCase() + " (" + request.vertical().description() + ")");
    }

    @Override
    public Optional<TransferDetails> details(UUID id) {
        return store.job(id).map(job -> new TransferDetails(job, store.containers(id), store.errors(id), store.history(id),
                store.fidelity(id), store.selection(id)));
    }

    @Override
    public Optional<ReportPage<ItemError>> errors(UUID id, int offset, int limit) {
        checkPage(offset, limit);
        return store.job(id).map(job -> store.errors(id, offset, limit));
    }

    @Override
    public Optional<ReportPage<FieldNotKept>> fidelity(UUID id, FieldNotKept.Side side, int offset, int limit) {
        checkPage(offset, limit);
        return store.job(id).map(job -> store.fidelity(id, side, offset, limit));
    }

    @Override
    public Optional<ReportPage<ItemRecord>> items(UUID id, int offset, int limit) {
        checkPage(offset, limit);
        return store.job(id).map(job -> store.itemRecords(id, offset, limit));
    }

    private static void checkPage(int offset, int limit) {
        if (offset < 0 || limit < 1) {
            throw new IllegalArgumentException("offset must be at least 0 and limit at least 1, were " + offset + ", " + limit);
        }
    }

    @Override
    public Optional<TransferJob> job(UUID id) {
        return store.job(id);
    }

    @Override
    public List<TransferJob> list(int offset, int limit) {
        return store.jobs(Math.max(0, offset), Math.max(1, Math.min(limit, MAX_PAGE)));
    }

    @Override
    public List<TransferJob> list(String owner, int offset, int limit) {
        return store.jobs(owner, Math.max(0, offset), Math.max(1, Math.min(limit, MAX_PAGE)));
    }

    @Override
    public TransferJob pause(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        move(id, EnumSet.of(JobState.QUEUED, JobState.RUNNING), JobState.PAUSED, "paused by user", "pause");
        controls.requestStop(id);
        return existing(id);
    }

    @Override
    public TransferJob resume(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        move(id, EnumSet.of(JobState.PAUSED), JobState.QUEUED, "resumed by user", "resume");
        TransferJob job = existing(id);
        if (job.startsAt() == null) {
            dispatcher.dispatch(id);
        } else {
            dispatcher.dispatchAt(id, job.startsAt()); // paused in its grace period: it still waits for its end
        }
        return job;
    }

    @Override
    public TransferJob cancel(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        move(id, EnumSet.of(JobState.QUEUED, JobState.RUNNING, JobState.PAUSED), JobState.CANCELLED, "cancelled by user", "cancel");
        controls.requestStop(id);
        return existing(id);
    }

    private void move(UUID id, Set<JobState> from, JobState to, String reason, String verb)
            throws NoSuchTransferException, IllegalJobStateException {
        TransferJob job = existing(id);
        if (!store.transition(id, from, to, reason)) {
            JobState now = store.job(id).map(TransferJob::state).orElse(job.state());
            throw new IllegalJobStateException("cannot " + verb + " transfer " + id + ": it is " + now);
        }
    }

    private TransferJob existing(UUID id) throws NoSuchTransferException {
        return store.job(id).orElseThrow(() -> new NoSuchTransferException("no transfer with id " + id));
    }

    @Override
    public Revocation revoke(String provider, String bundleVersion, String reason) {
        Revocation revocation = revocations.revoke(provider, bundleVersion, reason == null || reason.isBlank() ? "revoked by operator" : reason);
        LOG.warn("adapter {} version {} revoked: {}", provider, bundleVersion, revocation.reason());
        return revocation;
    }

    @Override
    public boolean unrevoke(String provider, String bundleVersion) {
        boolean was = revocations.unrevoke(provider, bundleVersion);
        if (was) {
            LOG.info("adapter {} version {} is no longer revoked", provider, bundleVersion);
            registry.announce(provider);
        }
        return was;
    }

    @Override
    public List<Revocation> revocations() {
        return revocations.all();
    }

    /** Jobs paused for a missing adapter go back to the queue when an adapter of that provider arrives. */
    private void resumeJobsWaitingFor(String provider) {
        for (Pause.PausedJob paused : store.paused(Pause.Cause.ADAPTER_MISSING)) {
            UUID id = paused.id();
            store.job(id).ifPresent(job -> {
                boolean uses = job.source().provider().equals(provider) || job.destination().provider().equals(provider);
                if (uses && store.transition(id, Set.of(JobState.PAUSED), JobState.QUEUED, "adapter " + provider + " is back")) {
                    dispatcher.dispatch(id);
                }
            });
        }
    }
}
