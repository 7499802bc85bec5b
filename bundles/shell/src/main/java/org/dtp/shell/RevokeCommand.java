package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.TransferService;

import java.util.List;

@Command(scope = "dtp", name = "revoke",
        description = "Revokes an installed adapter version: new transfers with it are refused, running ones pause until dtp:unrevoke")
@Service
public class RevokeCommand implements Action {

    @Reference
    TransferService transfers;

    @Option(name = "-r", aliases = "--reason", description = "Why, e.g. \"security report 42\" (default: revoked by operator)")
    String reason;

    @Argument(index = 0, name = "provider", required = true, description = "The adapter's provider, as dtp:adapters shows it")
    @Completion(ProviderCompleter.class)
    String provider;

    @Argument(index = 1, name = "version", required = true,
            description = "The adapter bundle's version, exactly as dtp:adapters shows it, e.g. 0.1.0.SNAPSHOT")
    @Completion(AdapterVersionCompleter.class)
    String version;

    @Override
    public Object execute() throws Exception {
        checkInstalled(transfers.adapters(), provider, version);
        Revocation r = transfers.revoke(provider, version, reason);
        System.out.println("Revoked " + r.provider() + " " + r.bundleVersion() + " (" + r.reason()
                + "): new transfers with it are refused, running ones pause until dtp:unrevoke");
        return null;
    }

    /** Only an installed version can be revoked, so that a typo is not taken for a revocation. */
    static void checkInstalled(List<AdapterInfo> adapters, String provider, String version) throws CommandException {
        List<String> installed = adapters.stream().filter(a -> a.provider().equals(provider))
                .map(AdapterInfo::bundleVersion).distinct().toList();
        if (installed.isEmpty()) {
            throw new CommandException("No adapter of provider '" + provider + "' is installed (see dtp:adapters)");
        }
        if (!installed.contains(version)) {
            throw new CommandException("No installed adapter of provider '" + provider + "' has version '" + version
                    + "'; installed: " + String.join(", ", installed));
        }
    }
}
