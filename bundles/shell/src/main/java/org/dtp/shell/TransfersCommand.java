package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;

@Command(scope = "dtp", name = "transfers", description = "Lists past and current transfers, newest first")
@Service
public class TransfersCommand implements Action {

    @Reference
    TransferService transfers;

    @Option(name = "-l", aliases = "--limit", description = "How many transfers to show (default 50)")
    int limit = 50;

    @Option(name = "-o", aliases = "--offset", description = "How many of the newest transfers to skip")
    int offset = 0;

    @Override
    public Object execute() throws Exception {
        if (limit < 1 || offset < 0) {
            throw new CommandException("--limit must be at least 1 and --offset at least 0");
        }
        ShellTable table = Format.table("Id", "Vertical", "From", "To", "State", "Items", "Bytes", "Errors", "Updated");
        table.emptyTableText("No transfers.");
        for (TransferJob job : transfers.list(offset, limit)) {
            table.addRow().addContent(job.id(), job.vertical().name().toLowerCase(java.util.Locale.ROOT),
                    job.source().provider(), job.destination().provider(), job.state().name(), job.items(),
                    Format.bytes(job.bytes()), job.errors(), Format.time(job.updatedAt()));
        }
        table.print(System.out);
        return null;
    }
}
