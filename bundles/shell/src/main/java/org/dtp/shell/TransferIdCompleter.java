package org.dtp.shell;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;

import java.util.List;

/** Completes the ids of the newest transfers. */
@Service
public class TransferIdCompleter implements Completer {
    static final int NEWEST = 100;

    @Reference
    TransferService transfers;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter delegate = new StringsCompleter();
        for (TransferJob job : transfers.list(0, NEWEST)) {
            delegate.getStrings().add(job.id().toString());
        }
        return delegate.complete(session, commandLine, candidates);
    }
}
