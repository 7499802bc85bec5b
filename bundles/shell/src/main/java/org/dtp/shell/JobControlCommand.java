package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;

import java.util.UUID;

/** dtp:pause, dtp:resume and dtp:cancel: one operation on one transfer, then its new state. */
abstract class JobControlCommand implements Action {

    @Reference
    TransferService transfers;

    @Argument(index = 0, name = "id", required = true, description = "The transfer's id")
    @Completion(TransferIdCompleter.class)
    String id;

    /** "pause", "resume" or "cancel". */
    abstract String verb();

    abstract TransferJob apply(UUID id) throws NoSuchTransferException, IllegalJobStateException;

    @Override
    public Object execute() throws Exception {
        UUID uuid = Format.id(id);
        TransferJob job;
        try {
            job = apply(uuid);
        } catch (NoSuchTransferException e) {
            throw new CommandException("No transfer with id " + uuid);
        } catch (IllegalJobStateException e) {
            throw new CommandException("Cannot " + verb() + " transfer " + uuid + ": " + e.getMessage());
        }
        System.out.println("Transfer " + job.id() + ": " + Format.state(job));
        return null;
    }
}
