package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.models.Vertical;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.dtp.transfer.sync.SyncService;
import org.dtp.transfer.sync.SyncState;
import org.junit.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** dtp:sync-start, dtp:syncs, dtp:sync-pause, dtp:sync-resume, dtp:sync-delete against a sync service in memory. */
public class SyncCommandsTest {
    private static final Instant NEXT = Instant.parse("2026-12-06T03:00:00Z");
    private final Syncs service = new Syncs();

    /** Keeps syncs in memory; refuses intervals under an hour. */
    private static final class Syncs implements SyncService {
        final Map<UUID, Sync> syncs = new LinkedHashMap<>();
        final List<SyncRequest> requests = new ArrayList<>();

        @Override
        public Sync create(SyncRequest request) throws InvalidScheduleException {
            if (request.schedule().every() != null && request.schedule().every().toHours() < 1) {
                throw new InvalidScheduleException("a sync may run at most every 1 h on this server");
            }
            requests.add(request);
            Sync sync = new Sync(UUID.randomUUID(), request.transfer().owner(), request.transfer().vertical(),
                    request.transfer().source(), request.transfer().destination(), request.schedule(), SyncState.ACTIVE,
                    Instant.now(), null, null, NEXT, null);
            syncs.put(sync.id(), sync);
            return sync;
        }

        @Override
        public Optional<Sync> sync(UUID id) {
            return Optional.ofNullable(syncs.get(id));
        }

        @Override
        public List<Sync> list(int offset, int limit) {
            return List.copyOf(syncs.values());
        }

        @Override
        public List<Sync> list(String owner, int offset, int limit) {
            return list(offset, limit);
        }

        @Override
        public List<TransferJob> runs(UUID id, int offset, int limit) {
            return List.of();
        }

        @Override
        public Sync pause(UUID id) throws NoSuchSyncException {
            return move(id, SyncState.PAUSED);
        }

        @Override
        public Sync resume(UUID id) throws NoSuchSyncException {
            return move(id, SyncState.ACTIVE);
        }

        private Sync move(UUID id, SyncState state) throws NoSuchSyncException {
            Sync s = sync(id).orElseThrow(() -> new NoSuchSyncException("no sync " + id));
            Sync moved = new Sync(s.id(), s.owner(), s.vertical(), s.source(), s.destination(), s.schedule(), state,
                    s.createdAt(), null, null, state == SyncState.ACTIVE ? NEXT : null, null);
            syncs.put(id, moved);
            return moved;
        }

        @Override
        public void delete(UUID id) throws NoSuchSyncException {
            if (syncs.remove(id) == null) {
                throw new NoSuchSyncException("no sync " + id);
            }
        }
    }

    private SyncStartCommand start(String every, String cron) {
        SyncStartCommand command = new SyncStartCommand();
        command.syncs = service;
        command.vertical = "contacts";
        command.source = "carddav";
        command.destination = "localfs";
        command.sourceSettings = List.of("url=https://dav.example.org", "password");
        command.destinationSettings = List.of("path=/backup");
        command.session = Sessions.answering("app-password");
        command.every = every;
        command.cron = cron;
        return command;
    }

    private UUID started(String every, String cron) throws Exception {
        return UUID.fromString(Console.run(start(every, cron)::execute).trim());
    }

    @Test
    public void syncStartKeepsTheRequestWithItsScheduleAndPrintsTheId() throws Exception {
        UUID id = started("24h", null);
        assertTrue(service.syncs.containsKey(id));
        SyncRequest request = service.requests.get(0);
        assertEquals(Vertical.CONTACTS, request.transfer().vertical());
        assertEquals("app-password", request.transfer().source().settings().get("password"));
        assertEquals(Schedule.every(Duration.ofHours(24)), request.schedule());
        started(null, "0 0 3 * * ?");
        assertEquals(Schedule.cron("0 0 3 * * ?"), service.requests.get(1).schedule());
    }

    @Test
    public void syncStartNeedsOneScheduleThatTheServerAccepts() {
        assertTrue(assertThrows(CommandException.class, () -> Console.run(start(null, null)::execute)).getMessage()
                .startsWith("Give the schedule as --every"));
        assertTrue(assertThrows(CommandException.class, () -> Console.run(start("6h", "0 0 3 * * ?")::execute)).getMessage()
                .endsWith("not both"));
        assertTrue(assertThrows(CommandException.class, () -> Console.run(start("daily", null)::execute)).getMessage()
                .contains("not 'daily'"));
        assertEquals("Invalid schedule: a sync may run at most every 1 h on this server",
                assertThrows(CommandException.class, () -> Console.run(start("10m", null)::execute)).getMessage());
        assertEquals(Map.of(), service.syncs);
    }

    @Test
    public void syncsListsEachWithItsScheduleAndNextRunAndNoSecret() throws Exception {
        started("6h", null);
        SyncsCommand command = new SyncsCommand();
        command.syncs = service;
        String out = Console.run(command::execute);
        assertTrue(out, out.contains("every 6 h") && out.contains("ACTIVE") && out.contains("carddav")
                && out.contains("2026-12-06"));
        assertTrue(out, !out.contains("app-password"));
    }

    private <T extends SyncControlCommand> String control(T command, UUID id) throws Exception {
        command.syncs = service;
        command.id = id.toString();
        return Console.run(command::execute).trim();
    }

    @Test
    public void pauseResumeAndDeleteSaySoAndAnUnknownIdIsNamed() throws Exception {
        UUID id = started("6h", null);
        assertEquals("Sync " + id + ": PAUSED", control(new SyncPauseCommand(), id));
        assertTrue(control(new SyncResumeCommand(), id).startsWith("Sync " + id + ": ACTIVE, next run at 2026-12-06"));
        assertEquals("Sync " + id + " deleted", control(new SyncDeleteCommand(), id));
        assertEquals("No sync with id " + id,
                assertThrows(CommandException.class, () -> control(new SyncPauseCommand(), id)).getMessage());
    }
}
