package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.Sync;

import java.util.UUID;

@Command(scope = "dtp", name = "sync-pause", description = "Stops a sync's schedule; a run going on goes on")
@Service
public class SyncPauseCommand extends SyncControlCommand {

    @Override
    String apply(UUID id) throws NoSuchSyncException {
        Sync sync = syncs.pause(id);
        return "Sync " + sync.id() + ": " + sync.state();
    }
}
