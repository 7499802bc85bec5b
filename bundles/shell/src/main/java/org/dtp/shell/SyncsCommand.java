package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncService;

import java.util.Locale;

@Command(scope = "dtp", name = "syncs", description = "Lists scheduled syncs, newest first, with their last and next runs")
@Service
public class SyncsCommand implements Action {

    @Reference
    SyncService syncs;

    @Option(name = "-l", aliases = "--limit", description = "How many syncs to show (default 50)")
    int limit = 50;

    @Option(name = "-o", aliases = "--offset", description = "How many of the newest syncs to skip")
    int offset = 0;

    @Override
    public Object execute() throws Exception {
        if (limit < 1 || offset < 0) {
            throw new CommandException("--limit must be at least 1 and --offset at least 0");
        }
        ShellTable table = Format.table("Id", "Owner", "Vertical", "From", "To", "Schedule", "State", "Last run",
                "Next run", "Note");
        table.emptyTableText("No syncs.");
        for (Sync sync : syncs.list(offset, limit)) {
            table.addRow().addContent(sync.id(), sync.owner(), sync.vertical().name().toLowerCase(Locale.ROOT),
                    sync.source().provider(), sync.destination().provider(), sync.schedule(), sync.state().name(),
                    sync.lastRunId() == null ? "-" : sync.lastRunId() + " " + Format.time(sync.lastRunAt()),
                    sync.nextRunAt() == null ? "-" : Format.time(sync.nextRunAt()), Format.orDash(sync.note()));
        }
        table.print(System.out);
        return null;
    }
}
