package org.dtp.shell;

import org.apache.karaf.features.BundleInfo;
import org.apache.karaf.features.Feature;
import org.apache.karaf.features.FeaturesService;
import org.apache.karaf.features.Repository;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.models.Vertical;
import org.dtp.transfer.AdapterBundle;
import org.dtp.transfer.AdapterBundles;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.TransferService;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

@Command(scope = "dtp", name = "adapters",
        description = "Lists the installed adapters, whether their version is revoked and what each does per vertical; then every adapter bundle with its state, signer, origin and why it does not serve")
@Service
public class AdaptersCommand implements Action {

    @Reference
    TransferService transfers;

    /** The adapter bundles of this node, serving or not (refused, incompatible). */
    @Reference(optional = true)
    AdapterBundles bundles;

    /** Where each bundle came from: the feature repository that lists it. */
    @Reference(optional = true)
    FeaturesService features;

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
        if (bundles != null) {
            printBundles();
        }
        return null;
    }

    private void printBundles() {
        Map<String, String> origins = originsByLocation();
        ShellTable table = Format.table("Bundle", "Version", "State", "Signer", "Origin", "Why not serving");
        for (AdapterBundle bundle : bundles.adapterBundles()) {
            table.addRow().addContent(bundle.symbolicName(), bundle.version(),
                    bundle.status().name().toLowerCase(Locale.ROOT),
                    bundle.signer() == null ? "unsigned" : bundle.signer(),
                    origins.getOrDefault(bundle.location(), bundle.location()),
                    bundle.reason() == null ? "" : bundle.reason());
        }
        System.out.println();
        System.out.println("Adapter bundles:");
        table.emptyTableText("No adapter bundles are installed.");
        table.print(System.out);
    }

    /** Bundle location to the URI of the feature repository that lists it, for every repository known. */
    private Map<String, String> originsByLocation() {
        Map<String, String> origins = new HashMap<>();
        if (features == null) {
            return origins;
        }
        try {
            for (Repository repository : features.listRepositories()) {
                for (Feature feature : repository.getFeatures()) {
                    for (BundleInfo info : feature.getBundles()) {
                        origins.putIfAbsent(info.getLocation(), repository.getURI().toString());
                    }
                }
            }
        } catch (Exception e) {
            // a repository that cannot be read leaves its bundles shown by location
        }
        return origins;
    }
}
