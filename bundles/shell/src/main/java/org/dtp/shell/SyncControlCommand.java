package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.SyncService;

import java.util.UUID;

/** dtp:sync-pause, dtp:sync-resume and dtp:sync-delete: one operation on one sync, then what it did. */
abstract class SyncControlCommand implements Action {

    @Reference
    SyncService syncs;

    @Argument(index = 0, name = "id", required = true, description = "The sync's id (dtp:syncs lists them)")
    String id;

    /** Does the operation; returns what to print. */
    abstract String apply(UUID id) throws NoSuchSyncException;

    @Override
    public Object execute() throws Exception {
        UUID uuid = Format.id(id);
        try {
            System.out.println(apply(uuid));
        } catch (NoSuchSyncException e) {
            throw new CommandException("No sync with id " + uuid);
        }
        return null;
    }
}
