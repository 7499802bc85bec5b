package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.models.Vertical;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.TransferService;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

@Command(scope = "dtp", name = "adapters",
        description = "Lists the installed adapters, whether their version is revoked and what each does per vertical")
@Service
public class AdaptersCommand implements Action {

    @Reference
    TransferService transfers;

    @Override
    public Object execute() {
        ShellTable table = Format.table("Provider", "Name", "Bundle", "Version", "Revoked", "Vertical", "Directions", "Transfers");
        table.emptyTableText("No adapters are installed.");
        Set<List<String>> revokedVersions = new HashSet<>();
        for (Revocation r : transfers.revocations()) {
            revokedVersions.add(List.of(r.provider(), r.bundleVersion()));
        }
        for (AdapterInfo adapter : transfers.adapters()) {
            String revoked = revokedVersions.contains(List.of(adapter.provider(), adapter.bundleVersion())) ? "yes" : "no";
            boolean any = false;
            for (Vertical vertical : Vertical.values()) {
                var directions = adapter.capabilities().get(vertical);
                if (directions != null && !directions.isEmpty()) {
                    table.addRow().addContent(adapter.provider(), adapter.name(), adapter.bundleSymbolicName(),
                            adapter.bundleVersion(), revoked, vertical.name().toLowerCase(java.util.Locale.ROOT),
                            Format.directions(directions), adapter.activeTransfers(vertical));
                    any = true;
                }
            }
            if (!any) {
                table.addRow().addContent(adapter.provider(), adapter.name(), adapter.bundleSymbolicName(),
                        adapter.bundleVersion(), revoked, "-", "-", "-");
            }
        }
        table.print(System.out);
        return null;
    }
}
