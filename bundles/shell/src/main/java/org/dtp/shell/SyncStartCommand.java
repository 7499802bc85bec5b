package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.Selection;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.dtp.transfer.sync.SyncService;

import java.util.List;

@Command(scope = "dtp", name = "sync-start", description = "Keeps a transfer request and runs it on a schedule (every "
        + "--every, the first run at once, or at the times of a --cron expression); prints the sync's id")
@Service
public class SyncStartCommand implements Action {

    @Reference
    SyncService syncs;

    @Reference
    Session session;

    @Argument(index = 0, name = "vertical", required = true, description = "The kind of data, e.g. contacts")
    @Completion(VerticalCompleter.class)
    String vertical;

    @Argument(index = 1, name = "source", required = true, description = "The provider to export from")
    @Completion(ProviderCompleter.class)
    String source;

    @Argument(index = 2, name = "destination", required = true, description = "The provider to import to")
    @Completion(ProviderCompleter.class)
    String destination;

    @Option(name = "-s", aliases = "--source-setting", multiValued = true,
            description = "A source setting as key=value (repeatable); secret ones as for dtp:start")
    List<String> sourceSettings;

    @Option(name = "-d", aliases = "--destination-setting", multiValued = true,
            description = "A destination setting as key=value (repeatable); secret ones as for dtp:start")
    List<String> destinationSettings;

    @Option(name = "--every", description = "Run every this long: 6h, 90m, PT6H (at least the server's shortest sync "
            + "interval, 1 h unless the operator changed it)")
    String every;

    @Option(name = "--cron", description = "Run at the times of this Quartz cron expression, e.g. \"0 0 3 * * ?\" "
            + "(03:00 daily, server time)")
    String cron;

    @Override
    public Object execute() throws Exception {
        if ((every == null) == (cron == null)) {
            throw new CommandException("Give the schedule as --every (e.g. --every 24h) or --cron (e.g. --cron \"0 0 3 * * ?\"), not both");
        }
        Thread thread = Thread.currentThread();
        String name = thread.getName();
        thread.setName("dtp:sync-start"); // keeps the settings on the command line out of the log, as dtp:start does
        try {
            Schedule schedule;
            try {
                schedule = every != null ? Schedule.every(Schedule.interval(every)) : Schedule.cron(cron);
            } catch (IllegalArgumentException e) {
                throw new CommandException("Invalid schedule: " + e.getMessage());
            }
            Sync sync;
            try {
                sync = syncs.create(new SyncRequest(StartCommand.request(Format.vertical(vertical), source, destination,
                        sourceSettings, destinationSettings, Selection.ALL, session), schedule));
            } catch (InvalidScheduleException e) {
                throw new CommandException("Invalid schedule: " + e.getMessage());
            } catch (InvalidTransferException e) {
                throw new CommandException("Invalid transfer: " + e.getMessage());
            }
            System.out.println(sync.id());
            return null;
        } finally {
            thread.setName(name);
        }
    }
}
