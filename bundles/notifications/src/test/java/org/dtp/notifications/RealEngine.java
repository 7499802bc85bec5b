package org.dtp.notifications;

import com.zaxxer.hikari.HikariDataSource;
import org.dtp.core.engine.JobControls;
import org.dtp.core.engine.RetryPolicy;
import org.dtp.core.engine.TransferEngine;
import org.dtp.core.engine.TransferEvents;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.JobStoreDataSource;
import org.dtp.core.store.RevocationStore;
import org.dtp.core.users.DatabaseApiTokens;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferListener;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.execution.JobDispatcher;
import org.dtp.users.ApiUser;
import org.h2.jdbcx.JdbcDataSource;

import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The real engine outside OSGi, wired as DS wires it in Karaf: job store on private in-memory H2, registry, manager
 * (with a grace period), engine, the event component that calls {@link TransferListener}s, and the real API token
 * store (users and their e-mail addresses). Its one source ("tasks-source") exports a task list of three tasks and
 * one unreadable entry; its destination ("tasks-sink") keeps everything but the tasks' notes. Transfers are
 * dispatched nowhere: a test runs one with {@link #run}.
 */
final class RealEngine implements AutoCloseable {
    static final String SOURCE = "tasks-source";
    static final String SINK = "tasks-sink";

    final JobStore store;
    final TransferManager transfers;
    final DatabaseApiTokens users;
    private final HikariDataSource db;
    private final TransferEngine engine;
    private final TransferEvents events;

    RealEngine(long startDelaySeconds) throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:notifications-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        db = JobStoreDataSource.createPool(h2, 4);
        JobStoreDataSource.migrate(db);
        store = new JobStore(db);
        RevocationStore revocations = new RevocationStore(db);
        AdapterRegistry registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        registry.register(new AdapterService<>(SOURCE, SOURCE, Vertical.TASKS, new TasksSource(), SOURCE, "test", 1));
        registry.register(new AdapterService<>(SINK, SINK, Vertical.TASKS, new TasksSink(), SINK, "test", 2));
        JobControls controls = new JobControls();
        engine = new TransferEngine(store, registry, controls, new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(20), 2, 0.1));
        JobDispatcher nowhere = new JobDispatcher() {
            @Override
            public void dispatch(UUID jobId) {
            }

            @Override
            public void dispatchAt(UUID jobId, Instant notBefore) {
            }
        };
        transfers = new TransferManager(store, registry, controls, nowhere, revocations, managerConfig(startDelaySeconds));
        events = new TransferEvents(store);
        users = new DatabaseApiTokens(db);
    }

    private static TransferManager.Config managerConfig(long startDelaySeconds) {
        return (TransferManager.Config) Proxy.newProxyInstance(TransferManager.Config.class.getClassLoader(),
                new Class<?>[]{TransferManager.Config.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "annotationType" -> TransferManager.Config.class;
                    case "startDelaySeconds" -> startDelaySeconds;
                    default -> method.getDefaultValue();
                });
    }

    RealEngine listener(TransferListener listener) {
        events.addListener(listener);
        return this;
    }

    /** A user with an API token naming {@code email} (null: none). */
    RealEngine user(String name, String email) {
        users.issue(new ApiUser(name, email), "notifications test");
        return this;
    }

    TransferJob start(String owner, Map<String, String> sourceSettings) throws Exception {
        return transfers.start(new TransferRequest(Vertical.TASKS, new TransferEndpoint(SOURCE, sourceSettings),
                new TransferEndpoint(SINK, Map.of("list", "Imported")), owner));
    }

    /** Runs a created transfer to its end on this thread. */
    TransferJob run(UUID id) {
        engine.execute(id);
        return store.job(id).orElseThrow();
    }

    @Override
    public void close() {
        db.close(); // the events component's delivery thread is a daemon; nothing is delivered after this
    }

    private static final class TasksSource implements Exporter<TaskList, Task> {
        @Override
        public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) {
            if (cursor.containerId() == null) {
                return new ExportPage<>(List.of(new TaskList("list-1", "Errands")), List.of(), null);
            }
            List<Task> tasks = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                tasks.add(Task.builder()
                        .id("task-" + i)
                        .uid("uid-" + i)
                        .title("Task " + i)
                        .notes("notes " + i)
                        .build());
            }
            return new ExportPage<>(List.<TaskList>of(), tasks, null)
                    .withRejected(List.of(new ExportPage.Rejected("task-broken", "not a VTODO: missing END:VTODO")));
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            throw new UnsupportedOperationException("tasks have no media");
        }
    }

    private static final class TasksSink implements Importer<TaskList, Task> {
        @Override
        public String importContainer(ImportContext context, String idempotencyKey, TaskList container, String parentId) {
            return "dest-" + container.id();
        }

        @Override
        public String importItem(ImportContext context, String idempotencyKey, Task item, String containerId) {
            context.reportNotKept(item.id(), "notes", "the sink keeps no notes");
            return "dest-" + item.id();
        }
    }
}
