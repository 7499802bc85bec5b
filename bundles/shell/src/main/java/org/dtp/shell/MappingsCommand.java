package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.MappingService;
import org.dtp.transfer.ReportPage;

@Command(scope = "dtp", name = "mappings", description = "Lists what transfers remember between accounts (so that a "
        + "re-run copies only what is new or changed), most recently used first; with a mapping's id, its entries")
@Service
public class MappingsCommand implements Action {

    @Reference
    MappingService mappings;

    @Argument(index = 0, name = "id", required = false, description = "A mapping's id: list its entries")
    String id;

    @Option(name = "-u", aliases = "--owner", description = "Only this owner's mappings")
    String owner;

    @Option(name = "-l", aliases = "--limit", description = "How many entries to show (default 50)")
    int limit = 50;

    @Option(name = "-o", aliases = "--offset", description = "How many entries to skip")
    int offset;

    @Override
    public Object execute() throws Exception {
        if (id == null) {
            ShellTable table = Format.table("Id", "Owner", "Vertical", "Source", "Destination", "Items", "Used at");
            table.emptyTableText("No transfer remembers anything yet.");
            for (MappingScope s : mappings.scopes(owner)) {
                table.addRow().addContent(s.id(), s.owner(), s.vertical().name(), s.source(), s.destination(), s.entries(),
                        Format.time(s.usedAt()));
            }
            table.print(System.out);
            return null;
        }
        ReportPage<MappingEntry> page = mappings.entries(id, Math.max(0, offset), Math.max(1, limit))
                .orElseThrow(() -> new CommandException("There is no mapping with id '" + id + "' (see dtp:mappings)"));
        ShellTable table = Format.table("Source", "Destination", "Fingerprint", "Updated at", "By transfer");
        for (MappingEntry e : page.entries()) {
            table.addRow().addContent(e.sourceKey(), e.destinationId(), Format.orDash(e.fingerprint()),
                    Format.time(e.updatedAt()), e.job());
        }
        table.print(System.out);
        System.out.println(page.entries().size() + " of " + page.total() + " entries from " + page.offset());
        return null;
    }
}
