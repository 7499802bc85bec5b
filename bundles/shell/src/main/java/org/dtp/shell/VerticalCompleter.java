package org.dtp.shell;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.dtp.models.Vertical;

import java.util.List;
import java.util.Locale;

/** Completes vertical names (media, contacts, ...). */
@Service
public class VerticalCompleter implements Completer {

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter delegate = new StringsCompleter();
        for (Vertical vertical : Vertical.values()) {
            delegate.getStrings().add(vertical.name().toLowerCase(Locale.ROOT));
        }
        return delegate.complete(session, commandLine, candidates);
    }
}
