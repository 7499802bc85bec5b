package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.crypto.MasterKeys;

@Command(scope = "dtp", name = "keys",
        description = "Lists the master keys that wrap the transfers' data keys; --rotate adds one, makes it current and re-wraps the data keys of unfinished transfers")
@Service
public class KeysCommand implements Action {

    @Reference
    MasterKeys keys;

    @Option(name = "--rotate", description = "Add a new master key and make it current (copy the key store to every other node afterwards)")
    boolean rotate;

    @Override
    public Object execute() {
        if (rotate) {
            System.out.println("Master key " + keys.rotate() + " is now current; the data keys of unfinished transfers are re-wrapped with it");
        }
        String current = keys.currentKeyId();
        for (String id : keys.keyIds()) {
            System.out.println(id + (id.equals(current) ? "  (current)" : ""));
        }
        return null;
    }
}
