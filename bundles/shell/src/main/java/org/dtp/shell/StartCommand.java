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
import org.dtp.spi.TransferEndpoint;
import org.dtp.models.Vertical;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.TransferService;

import java.util.List;

@Command(scope = "dtp", name = "start",
        description = "Starts a transfer of one vertical from a source provider to a destination provider and prints its id")
@Service
public class StartCommand implements Action {

    @Reference
    TransferService transfers;

    @Reference
    Session session;

    @Argument(index = 0, name = "vertical", required = true, description = "The kind of data, e.g. media")
    @Completion(VerticalCompleter.class)
    String vertical;

    @Argument(index = 1, name = "source", required = true, description = "The provider to export from")
    @Completion(ProviderCompleter.class)
    String source;

    @Argument(index = 2, name = "destination", required = true, description = "The provider to import to")
    @Completion(ProviderCompleter.class)
    String destination;

    @Option(name = "-s", aliases = "--source-setting", multiValued = true,
            description = "A source setting as key=value, e.g. -s path=/data/photos (repeatable). A secret one (password, "
                    + "secret, token, key) as -s password, typed when asked, or -s password=@/path/to/file")
    List<String> sourceSettings;

    @Option(name = "-d", aliases = "--destination-setting", multiValued = true,
            description = "A destination setting as key=value (repeatable); secret ones as for -s")
    List<String> destinationSettings;

    @Option(name = "--from", description = "Copy only items dated from then on (inclusive): 2024-05-01 (its start in UTC), "
            + "2024-05-01T12:00:00Z or 2024-05-01T14:00:00+02:00. The date is when a photo was taken, a message sent, an "
            + "event starts...; contacts and playlists have none")
    String from;

    @Option(name = "--to", description = "Copy only items dated before then (exclusive), written as for --from")
    String to;

    @Option(name = "-c", aliases = "--container", multiValued = true,
            description = "Copy only this container (album, calendar, folder, playlist) and what is nested in it, by "
                    + "name or path (\"Trips/2024\"), case-insensitively (repeatable)")
    List<String> containers;

    @Option(name = "-x", aliases = "--exclude", multiValued = true,
            description = "Do not copy this container nor what is nested in it, by name or path (repeatable)")
    List<String> excluded;

    @Override
    public Object execute() throws Exception {
        // Gogo names the thread after the whole command line, and the log prints thread names: a neutral name keeps
        // the settings out of every line logged while the transfer is created.
        Thread thread = Thread.currentThread();
        String name = thread.getName();
        thread.setName("dtp:start");
        try {
            Vertical kind = Format.vertical(vertical);
            TransferRequest request = request(kind, source, destination, sourceSettings, destinationSettings,
                    selection(kind), session);
            TransferJob job;
            try {
                job = transfers.start(request);
            } catch (InvalidTransferException e) {
                throw new CommandException("Invalid transfer: " + e.getMessage());
            }
            System.out.println(job.id());
            return null;
        } finally {
            thread.setName(name);
        }
    }

    /** The selection the options ask for, checked before any secret is asked for. */
    private Selection selection(Vertical kind) throws CommandException {
        try {
            Selection selection = new Selection(from == null ? null : Selection.instant(from),
                    to == null ? null : Selection.instant(to), containers, excluded);
            selection.checkFor(kind);
            return selection;
        } catch (IllegalArgumentException e) {
            throw new CommandException("Invalid selection: " + e.getMessage());
        }
    }

    /**
     * The request the arguments and options of dtp:start (and dtp:sync-start, with {@link Selection#ALL}) describe;
     * secrets asked on the session.
     */
    static TransferRequest request(Vertical vertical, String source, String destination, List<String> sourceSettings,
                                   List<String> destinationSettings, Selection selection, Session session)
            throws CommandException {
        SecretPrompt prompt = text -> session.readLine(text, '*');
        return new TransferRequest(vertical,
                new TransferEndpoint(source, Format.settings(sourceSettings, "-s", prompt)),
                new TransferEndpoint(destination, Format.settings(destinationSettings, "-d", prompt)),
                TransferRequest.OPERATOR, selection);
    }
}
