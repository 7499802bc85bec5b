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
import java.util.Set;

/**
 * Completes the bundle versions of the installed adapters of the provider given as the command's first
 * argument (dtp:revoke, dtp:unrevoke), or of all installed adapters when there is no such provider yet.
 */
@Service
public class AdapterVersionCompleter implements Completer {
    /** Options of these commands that take a value, so that the value is not taken for the provider. */
    static final Set<String> OPTIONS_WITH_VALUE = Set.of("-r", "--reason");

    @Reference
    TransferService transfers;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        String provider = provider(commandLine);
        List<AdapterInfo> adapters = transfers.adapters();
        boolean known = provider != null && adapters.stream().anyMatch(a -> a.provider().equals(provider));
        StringsCompleter delegate = new StringsCompleter();
        for (AdapterInfo adapter : adapters) {
            if (!known || adapter.provider().equals(provider)) {
                delegate.getStrings().add(adapter.bundleVersion());
            }
        }
        return delegate.complete(session, commandLine, candidates);
    }

    /** The first argument before the cursor that is neither the command nor an option (or its value). */
    static String provider(CommandLine commandLine) {
        String[] words = commandLine.getArguments();
        int cursor = Math.min(commandLine.getCursorArgumentIndex(), words.length);
        for (int i = 1; i < cursor; i++) {
            String word = words[i];
            if (OPTIONS_WITH_VALUE.contains(word)) {
                i++;
            } else if (!word.startsWith("-")) {
                return word;
            }
        }
        return null;
    }
}
