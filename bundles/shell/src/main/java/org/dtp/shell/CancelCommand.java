package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;

import java.util.UUID;

@Command(scope = "dtp", name = "cancel", description = "Cancels a transfer that has not ended; what was copied stays at the destination")
@Service
public class CancelCommand extends JobControlCommand {

    @Override
    String verb() {
        return "cancel";
    }

    @Override
    TransferJob apply(UUID id) throws NoSuchTransferException, IllegalJobStateException {
        return transfers.cancel(id);
    }
}
