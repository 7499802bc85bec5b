package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;

import java.util.UUID;

@Command(scope = "dtp", name = "resume", description = "Queues a paused transfer again; it continues from its last checkpoint")
@Service
public class ResumeCommand extends JobControlCommand {

    @Override
    String verb() {
        return "resume";
    }

    @Override
    TransferJob apply(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return transfers.resume(id);
    }
}
