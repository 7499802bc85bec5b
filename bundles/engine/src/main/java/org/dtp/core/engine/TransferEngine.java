package org.dtp.core.engine;

import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.Pause;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.uploads.UploadService;
import org.dtp.transfer.execution.JobExecutor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Option;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;

/**
 * The copy loop. A job runs page by page from its checkpoint: export a page, create the containers
 * it found, import each item not yet in the page ledger, and record the imported items with their counts
 * in runs of a quarter second, one transaction each, that may span pages: a run carries the checkpoint after
 * the last page it finished and the keys of the page it is in. A crash anywhere repeats at most the pages of
 * the unwritten run, and the page ledger (with importers idempotent on the item key) makes the repeat create
 * nothing twice.
 */
@Component(service = JobExecutor.class, configurationPid = TransferEngine.PID)
@Designate(ocd = TransferEngine.Config.class)
public final class TransferEngine implements JobExecutor {
    public static final String PID = "org.dtp.engine";
    /** The reason opening of jobs paused because an adapter is missing (their {@link Pause}); they resume when it returns. */
    public static final String WAITING_FOR_ADAPTER = "waiting for adapter ";
    /**
     * The reason prefix of jobs paused because the destination is full or its quota used up; the reason ends with
     * {@link #TRYING_AGAIN_AT} and the time {@link PausedTransfers} queues them again (kept as data in the job's
     * {@link Pause}; the sentence is for people).
     */
    public static final String DESTINATION_FULL = "destination full: ";
    static final String TRYING_AGAIN_AT = "; trying again at ";

    private static final Logger LOG = LoggerFactory.getLogger(TransferEngine.class);

    @ObjectClassDefinition(name = "dtp transfer engine", description = "Retries of transient adapter failures (timeouts, 5xx, 429), "
            + "leases, and how many items a transfer imports at once.")
    public @interface Config {
        @AttributeDefinition(name = "Attempts", description = "Tries per call, the first included, before a transient failure counts as final.")
        int retry_maxAttempts() default 5;

        @AttributeDefinition(name = "First delay (ms)", description = "Wait after the first failure.")
        long retry_initialDelayMs() default 500;

        @AttributeDefinition(name = "Longest delay (ms)", description = "Cap on the wait between two attempts (a provider's Retry-After may ask for more).")
        long retry_maxDelayMs() default 30_000;

        @AttributeDefinition(name = "Multiplier", description = "Growth of the wait from one attempt to the next.")
        double retry_multiplier() default 2.0;

        @AttributeDefinition(name = "Jitter", description = "Random spread of each wait, as a fraction of it (0 to 0.99).")
        double retry_jitter() default 0.2;

        @AttributeDefinition(name = "Destination full: wait (s)", description = "How long a transfer whose destination is full "
                + "(no space, a storage or call quota used up) stays paused before it tries again by itself, unless the "
                + "provider said when its quota is renewed. Its owner may resume it sooner.")
        long destinationFullRetrySeconds() default 900;

        @AttributeDefinition(name = "Adapter wait (s)", description = "How long a transfer waits, paused, for a missing or revoked adapter to return before it fails.")
        long adapterWaitTimeoutSeconds() default 3600;

        @AttributeDefinition(name = "Node name", description = "How this node names itself in a transfer's history (\"started on ...\") "
                + "and in run leases; unique per node. Empty: host name and process id.")
        String nodeName() default "";

        @AttributeDefinition(name = "Run lease (s)", description = "How long a node's claim on a running transfer lasts unless "
                + "renewed (every third of it). Another node takes over a transfer only once its lease expired, so a node "
                + "that is slow but alive never runs a transfer at the same time as another; a node that died is "
                + "replaced after at most this long.")
        long leaseSeconds() default 20;

        @AttributeDefinition(name = "Items in flight per transfer", description = "The most items one transfer imports at "
                + "once, when its importer takes several (most take one at a time, in order). The provider's rate limits "
                + "still bound its requests.")
        int itemsInFlight() default DEFAULT_ITEMS_IN_FLIGHT;

        @AttributeDefinition(name = "Items in flight per provider", description = "Lower caps for some destination providers, "
                + "as provider=N (e.g. googlephotos=2): for an account whose allowance is smaller than the adapter's.")
        String[] itemsInFlight_provider() default {};

        @AttributeDefinition(name = "Import threads", description = "The threads this node imports items on, shared by "
                + "every transfer that has several items in flight; more items wait for a thread.")
        int importThreads() default DEFAULT_IMPORT_THREADS;

        @AttributeDefinition(name = "Changed items", description = "What a transfer does with a source item that changed "
                + "since an earlier transfer between the same accounts copied it: update it at the destination (where the "
                + "destination cannot, it is copied anew and the fidelity report says why), copy it anew, or skip it (the "
                + "fidelity report says so). Unchanged items are never copied again.",
                options = {@Option(label = "update", value = "update"), @Option(label = "copy", value = "copy"),
                        @Option(label = "skip", value = "skip")})
        String changedItems() default "update";

        @AttributeDefinition(name = "Prefetch pages", description = "Export a transfer's next page while the current one "
                + "imports, so that a source's latency per page is not added to the destination's. Off: one page after "
                + "the other.")
        boolean prefetchPages() default true;
    }

    static final int DEFAULT_ITEMS_IN_FLIGHT = 8;
    static final int DEFAULT_IMPORT_THREADS = 32;

    private final JobStore store;
    private final AdapterRegistry registry;
    private final JobControls controls;
    private final BooleanSupplier frameworkStopping;
    private final AdapterRetry retry;
    private final CopyLoop copyLoop;
    private volatile Duration leaseTtl;
    private volatile Duration destinationFullWait = Duration.ofSeconds(900);
    private final ItemWorkers workers;
    private volatile ChangedItems changedItems = ChangedItems.UPDATE;
    private final java.util.concurrent.ExecutorService prefetchThreads = PagePrefetch.threads();
    private volatile boolean prefetchPages = true;
    private volatile InFlightLimits inFlightLimits = new InFlightLimits(DEFAULT_ITEMS_IN_FLIGHT, java.util.Map.of());
    private final LeaseKeeper leases;
    /** Names this node in the history, so that an operator of several nodes sees which one ran each part. */
    private volatile String node;
    /** The files people upload for their transfers, where the uploads bundle is installed. */
    private volatile UploadService uploads;

    @Activate
    public TransferEngine(@Reference JobStore store, @Reference AdapterRegistry registry,
                          @Reference JobControls controls, Config config, BundleContext context) {
        this(store, registry, controls, policyOf(config), leaseOf(config), null, defaultNodeName(),
                () -> context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION).getState() == Bundle.STOPPING);
        this.node = nodeNameOf(config);
        this.destinationFullWait = destinationFullWaitOf(config);
        this.inFlightLimits = inFlightLimitsOf(config);
        this.workers.setThreads(importThreadsOf(config));
        this.changedItems = ChangedItems.of(config.changedItems());
        this.prefetchPages = config.prefetchPages();
    }

    /** The uploads a transfer's source may read ({@link org.dtp.spi.TransferContext#upload}); also for tests. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "unbindUploads")
    public void bindUploads(UploadService service) {
        uploads = service;
    }

    void unbindUploads(UploadService service) {
        if (uploads == service) {
            uploads = null;
        }
    }

    /** For use outside OSGi (tests, benchmark), with a 20 s run lease. */
    public TransferEngine(JobStore store, AdapterRegistry registry, JobControls controls, RetryPolicy retry) {
        this(store, registry, controls, retry, Duration.ofSeconds(20), null, defaultNodeName(), () -> false);
    }

    /**
     * For use outside OSGi: one of several "nodes" on one job store, each named, with its run lease renewed every
     * {@code renewEvery} (null: a third of it; longer than the lease: a node that froze, as in a long GC pause).
     */
    public TransferEngine(JobStore store, AdapterRegistry registry, JobControls controls, RetryPolicy retry,
                          Duration leaseTtl, Duration renewEvery, String node) {
        this(store, registry, controls, retry, leaseTtl, renewEvery, node, () -> false);
    }

    /** For tests: {@code frameworkStopping} is asked when an adapter a job needs is missing. */
    TransferEngine(JobStore store, AdapterRegistry registry, JobControls controls, RetryPolicy retry,
                   Duration leaseTtl, Duration renewEvery, String node, BooleanSupplier frameworkStopping) {
        this.store = store;
        this.registry = registry;
        this.controls = controls;
        this.retry = new AdapterRetry(retry);
        this.workers = new ItemWorkers(DEFAULT_IMPORT_THREADS);
        this.copyLoop = new CopyLoop(store, registry, this.retry, frameworkStopping, () -> destinationFullWait,
                workers, () -> inFlightLimits, () -> changedItems, prefetchThreads, () -> prefetchPages, () -> uploads);
        this.leaseTtl = leaseTtl;
        this.leases = new LeaseKeeper(store, controls, renewEvery);
        this.frameworkStopping = frameworkStopping;
        this.node = node;
    }

    @Modified
    void modified(Config config) {
        this.retry.setPolicy(policyOf(config));
        this.leaseTtl = leaseOf(config);
        this.node = nodeNameOf(config);
        this.destinationFullWait = destinationFullWaitOf(config);
        this.inFlightLimits = inFlightLimitsOf(config);
        this.workers.setThreads(importThreadsOf(config));
        this.changedItems = ChangedItems.of(config.changedItems());
        this.prefetchPages = config.prefetchPages();
    }

    /** Whether transfers export their next page while the current one imports (tests and tools outside OSGi set it here). */
    void setPrefetchPages(boolean prefetch) {
        this.prefetchPages = prefetch;
    }

    /** What transfers do with items changed since they were copied (tests and tools outside OSGi set it here). */
    void setChangedItems(ChangedItems policy) {
        this.changedItems = policy;
    }

    /** The operator's caps on the items a transfer imports at once (tests and tools outside OSGi set them here). */
    void setInFlightLimits(InFlightLimits limits) {
        this.inFlightLimits = limits;
    }

    private static InFlightLimits inFlightLimitsOf(Config config) {
        return InFlightLimits.of(config.itemsInFlight(), config.itemsInFlight_provider());
    }

    private static int importThreadsOf(Config config) {
        if (config.importThreads() < 1) {
            throw new IllegalArgumentException("importThreads must be at least 1, not " + config.importThreads());
        }
        return config.importThreads();
    }

    private static Duration destinationFullWaitOf(Config config) {
        return Duration.ofSeconds(Math.max(1, config.destinationFullRetrySeconds()));
    }

    private static Duration leaseOf(Config config) {
        if (config.leaseSeconds() < 1) {
            throw new IllegalArgumentException("leaseSeconds must be at least 1, not " + config.leaseSeconds());
        }
        return Duration.ofSeconds(config.leaseSeconds());
    }

    private static String nodeNameOf(Config config) {
        return config.nodeName() == null || config.nodeName().isBlank() ? defaultNodeName() : config.nodeName().trim();
    }

    private static String defaultNodeName() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "localhost";
        }
        return host + " pid " + ProcessHandle.current().pid();
    }

    @Deactivate
    void deactivate() {
        controls.runningJobs().forEach(controls::requestStop);
        leases.shutdown(); // runs end at their next checkpoint and release their leases themselves
        workers.shutdown();
        prefetchThreads.shutdown(); // a prefetch in flight ends with its job's run, which waits for it
    }

    private static RetryPolicy policyOf(Config c) {
        return new RetryPolicy(c.retry_maxAttempts(), Duration.ofMillis(c.retry_initialDelayMs()),
                Duration.ofMillis(c.retry_maxDelayMs()), c.retry_multiplier(), c.retry_jitter());
    }

    @Override
    public List<UUID> runnableJobs() {
        return store.jobIdsIn(EnumSet.of(JobState.QUEUED, JobState.RUNNING));
    }

    @Override
    public void stop(UUID jobId) {
        controls.requestStop(jobId);
    }

    @Override
    public void execute(UUID jobId) {
        Optional<JobControls.Control> claim = controls.claim(jobId);
        if (claim.isEmpty()) {
            LOG.debug("job {} is already running on this node", jobId);
            return;
        }
        try (JobControls.Control control = claim.get()) {
            Optional<JobStore.RunLease> lease = leases.take(jobId, node, leaseTtl, control);
            if (lease.isPresent()) {
                runLeased(jobId, lease.get().epoch(), control);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void runLeased(UUID jobId, long epoch, JobControls.Control control) {
        LeaseKeeper.Kept lease = leases.keep(jobId, epoch, leaseTtl);
        try {
            // Loops when the job was paused and resumed while this thread was still stopping it:
            // the resume's dispatch found the job running here and left the run to this thread.
            while (true) {
                Optional<TransferJob> job = store.job(jobId);
                if (job.isEmpty()) {
                    LOG.warn("job {} is not in the job store; nothing to run", jobId);
                    return;
                }
                JobState state = job.get().state();
                if (state == JobState.QUEUED) {
                    control.clearStop();
                    if (!store.transition(jobId, epoch, Set.of(JobState.QUEUED), JobState.RUNNING, "started on " + node)) {
                        if (leases.lost(jobId, epoch)) {
                            return;
                        }
                        continue;
                    }
                } else if (state == JobState.RUNNING && !control.stopRequested()) {
                    if (!store.transition(jobId, epoch, Set.of(JobState.RUNNING), JobState.RUNNING,
                            "resumed from checkpoint on " + node)) {
                        if (leases.lost(jobId, epoch)) {
                            return;
                        }
                        continue;
                    }
                } else {
                    return;
                }
                run(job.get(), epoch, control);
            }
        } catch (org.dtp.core.store.LeaseLostException e) {
            LOG.warn("job {}: another node took it over; this node stops running it: {}", jobId, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("job {} failed", jobId, e);
            store.transition(jobId, epoch, Set.of(JobState.RUNNING), JobState.FAILED, "internal error: " + e.getMessage());
        } finally {
            lease.release();
        }
    }

    private void run(TransferJob job, long epoch, JobControls.Control control) {
        UUID id = job.id();
        PendingRun pending = new PendingRun(store, id, epoch, () -> leaseTtl);
        Outcome outcome;
        try {
            outcome = copyLoop.copyPages(job, epoch, control, pending);
        } catch (InterruptedException e) {
            // The stop is kept whatever the write does: an interrupted thread may not get a connection or do file
            // I/O, and an unwritten run only repeats (the job stays RUNNING and resumes from its checkpoint).
            try {
                pending.write();
            } catch (org.dtp.core.store.LeaseLostException lost) {
                throw lost;
            } catch (RuntimeException notWritten) {
                LOG.warn("job {}: interrupted; its last run is not recorded and repeats on resume: {}", id, notWritten.toString());
            } finally {
                Thread.currentThread().interrupt();
            }
            return;
        } catch (org.dtp.core.store.LeaseLostException e) {
            throw e; // another node runs the job: this node writes nothing more of it
        } catch (RuntimeException e) {
            try {
                pending.write(); // what was copied before the failure still counts
            } catch (RuntimeException second) {
                e.addSuppressed(second);
            }
            throw e;
        }
        pending.write();
        if (outcome.to() == null) {
            return; // stopped: the job's state is someone else's to set
        }
        String reason = outcome.reason();
        JobState to = outcome.to();
        if (to == JobState.COMPLETED) {
            long errors = store.job(id).map(TransferJob::errors).orElse(0L);
            to = errors > 0 ? JobState.COMPLETED_WITH_ERRORS : JobState.COMPLETED;
            reason = errors > 0 ? errors + " items could not be copied" : "all items copied";
        }
        Pause pause = outcome.pause();
        boolean moved = pause == null ? store.transition(id, epoch, Set.of(JobState.RUNNING), to, reason)
                : store.pause(id, epoch, Set.of(JobState.RUNNING), reason, pause);
        if (moved && pause != null && pause.cause() == Pause.Cause.ADAPTER_MISSING
                && registry.exporter(job.source().provider(), job.vertical()).isPresent()
                && registry.importer(job.destination().provider(), job.vertical()).isPresent()) {
            // The adapter came back between the look-up and the pause: its arrival found the job still running and
            // left it alone. Queued again, the job runs on in runLeased's loop.
            store.transition(id, epoch, Set.of(JobState.PAUSED), JobState.QUEUED, "adapter " + pause.adapter() + " is back");
        }
    }
}
