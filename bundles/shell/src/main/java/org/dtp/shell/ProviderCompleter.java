package org.dtp.shell;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.TransferService;

import java.util.List;

/** Completes the providers of the adapters installed now. */
@Service
public class ProviderCompleter implements Completer {

    @Reference
    TransferService transfers;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter delegate = new StringsCompleter();
        for (AdapterInfo adapter : transfers.adapters()) {
            delegate.getStrings().add(adapter.provider());
        }
        return delegate.complete(session, commandLine, candidates);
    }
}
