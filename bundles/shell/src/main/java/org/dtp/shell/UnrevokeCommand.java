package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.TransferService;

@Command(scope = "dtp", name = "unrevoke",
        description = "Lifts the revocation of an adapter version (installed or not); transfers paused for it resume")
@Service
public class UnrevokeCommand implements Action {

    @Reference
    TransferService transfers;

    @Argument(index = 0, name = "provider", required = true, description = "The adapter's provider, as dtp:revocations shows it")
    @Completion(ProviderCompleter.class)
    String provider;

    @Argument(index = 1, name = "version", required = true, description = "The revoked bundle version, as dtp:revocations shows it")
    @Completion(AdapterVersionCompleter.class)
    String version;

    @Override
    public Object execute() throws Exception {
        if (!transfers.unrevoke(provider, version)) {
            throw new CommandException("Version '" + version + "' of adapter '" + provider
                    + "' is not revoked (see dtp:revocations)");
        }
        System.out.println("Un-revoked " + provider + " " + version + ": transfers paused for it resume");
        return null;
    }
}
