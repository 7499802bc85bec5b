package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.dtp.receipts.Receipts;

@Command(scope = "dtp", name = "receipt-keys",
        description = "Lists the keys that sign receipts (published at /api/v1/receipts/keys); --rotate makes a new one that signs from now on")
@Service
public class ReceiptKeysCommand implements Action {

    @Reference
    Receipts receipts;

    @Option(name = "--rotate", description = "Make a new signing key; older keys stay published, so older receipts still verify")
    boolean rotate;

    @Override
    public Object execute() {
        if (rotate) {
            System.out.println("Receipt signing key " + receipts.rotateKey() + " signs receipts from now on");
        }
        String current = receipts.currentKeyId();
        for (String id : receipts.keyIds()) {
            System.out.println(id + (id.equals(current) ? "  (signs)" : ""));
        }
        return null;
    }
}
