package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;

import java.util.UUID;

@Command(scope = "dtp", name = "pause", description = "Pauses a queued or running transfer at its next checkpoint")
@Service
public class PauseCommand extends JobControlCommand {

    @Override
    String verb() {
        return "pause";
    }

    @Override
    TransferJob apply(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return transfers.pause(id);
    }
}
