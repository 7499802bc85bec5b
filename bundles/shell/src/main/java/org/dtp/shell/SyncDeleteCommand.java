package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.transfer.sync.NoSuchSyncException;

import java.util.UUID;

@Command(scope = "dtp", name = "sync-delete", description = "Deletes a sync: its schedule and sealed settings; its "
        + "grants are revoked and a run going on is cancelled. Its runs stay as transfers")
@Service
public class SyncDeleteCommand extends SyncControlCommand {

    @Override
    String apply(UUID id) throws NoSuchSyncException {
        syncs.delete(id);
        return "Sync " + id + " deleted";
    }
}
