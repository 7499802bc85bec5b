package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ReportPage;

import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

@Command(scope = "dtp", name = "transfer-fidelity",
        description = "Lists a transfer's fidelity entries (fields not kept) a page at a time, in the order reported, with their total")
@Service
public class TransferFidelityCommand extends TransferReportCommand<FieldNotKept> {

    @Option(name = "-s", aliases = "--side", description = "Only this side: source (not carried by the model as read) "
            + "or destination (not kept there); both when not given")
    String side;

    @Override
    String name() {
        return "transfer-fidelity";
    }

    @Override
    String what() {
        return "Fidelity entries";
    }

    @Override
    String extraOptions() {
        return side == null ? "" : " --side " + side.trim().toLowerCase(Locale.ROOT);
    }

    @Override
    Optional<ReportPage<FieldNotKept>> page(UUID id, int offset, int limit) throws CommandException {
        return transfers.fidelity(id, side(), offset, limit);
    }

    private FieldNotKept.Side side() throws CommandException {
        if (side == null) {
            return null;
        }
        try {
            return FieldNotKept.Side.valueOf(side.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandException("--side must be source or destination, not '" + side + "'");
        }
    }

    @Override
    ShellTable table() {
        return Format.table("Side", "Container", "Item", "Field", "Reason");
    }

    @Override
    void addRow(ShellTable table, FieldNotKept f) {
        table.addRow().addContent(f.side().name().toLowerCase(Locale.ROOT), Format.orDash(f.containerId()), f.sourceId(),
                f.field(), f.reason());
    }
}
