package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.TransferService;

@Command(scope = "dtp", name = "revocations",
        description = "Lists the revoked adapter versions, installed or not, by provider and version")
@Service
public class RevocationsCommand implements Action {

    @Reference
    TransferService transfers;

    @Override
    public Object execute() {
        ShellTable table = Format.table("Provider", "Version", "Reason", "Revoked at");
        table.emptyTableText("No adapter version is revoked.");
        for (Revocation r : transfers.revocations()) {
            table.addRow().addContent(r.provider(), r.bundleVersion(), Format.orDash(r.reason()),
                    Format.time(r.revokedAt()));
        }
        table.print(System.out);
        return null;
    }
}
