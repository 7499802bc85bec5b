package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.Sync;

import java.util.UUID;

@Command(scope = "dtp", name = "sync-resume", description = "Starts a paused sync's schedule again, from now")
@Service
public class SyncResumeCommand extends SyncControlCommand {

    @Override
    String apply(UUID id) throws NoSuchSyncException {
        Sync sync = syncs.resume(id);
        return "Sync " + sync.id() + ": " + sync.state()
                + (sync.nextRunAt() == null ? "" : ", next run at " + Format.time(sync.nextRunAt()))
                + (sync.note() == null ? "" : " (" + sync.note() + ")");
    }
}
