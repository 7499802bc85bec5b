package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.ReportPage;

import java.util.Optional;
import java.util.UUID;

@Command(scope = "dtp", name = "transfer-errors",
        description = "Lists a transfer's item errors a page at a time, the latest first, with their total")
@Service
public class TransferErrorsCommand extends TransferReportCommand<ItemError> {

    @Override
    String name() {
        return "transfer-errors";
    }

    @Override
    String what() {
        return "Item errors";
    }

    @Override
    Optional<ReportPage<ItemError>> page(UUID id, int offset, int limit) {
        return transfers.errors(id, offset, limit);
    }

    @Override
    ShellTable table() {
        return Format.table("At", "Container", "Item", "Message");
    }

    @Override
    void addRow(ShellTable table, ItemError e) {
        table.addRow().addContent(Format.time(e.at()), Format.orDash(e.containerId()), Format.orDash(e.itemId()), e.message());
    }
}
