package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.Row;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldCount;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;

import java.io.PrintStream;
import java.util.UUID;

@Command(scope = "dtp", name = "transfer",
        description = "Shows a transfer: state, totals, progress per container, last errors and state history")
@Service
public class TransferCommand implements Action {
    static final int LAST_ERRORS = 10;
    static final int LAST_NOT_KEPT = 20;
    static final int BAR_WIDTH = 30;
    private static final String CLEAR_SCREEN = "\u001B[H\u001B[2J";

    @Reference
    TransferService transfers;

    @Argument(index = 0, name = "id", required = true, description = "The transfer's id")
    @Completion(TransferIdCompleter.class)
    String id;

    @Option(name = "-w", aliases = "--watch", description = "Redraw a progress view every second until the transfer ends (Ctrl-C stops watching)")
    boolean watch;

    /** Time between redraws in watch mode. */
    long refreshMillis = 1000;

    @Override
    public Object execute() throws Exception {
        UUID uuid = Format.id(id);
        PrintStream out = System.out;
        if (!watch) {
            printDetails(out, load(uuid));
            return null;
        }
        while (true) {
            TransferDetails details = load(uuid);
            out.print(CLEAR_SCREEN);
            printProgress(out, details);
            out.flush();
            if (details.job().state().isFinal()) {
                return null;
            }
            try {
                Thread.sleep(refreshMillis);
            } catch (InterruptedException e) {
                // Ctrl-C: stop watching; the transfer goes on
                Thread.currentThread().interrupt();
                return null;
            }
            if (Thread.currentThread().isInterrupted()) {
                return null;
            }
        }
    }

    private TransferDetails load(UUID uuid) throws CommandException {
        return transfers.details(uuid).orElseThrow(() -> new CommandException("No transfer with id " + uuid));
    }

    private static void printHeader(PrintStream out, TransferJob job) {
        out.println("Transfer " + job.id() + "  " + job.vertical().name().toLowerCase(java.util.Locale.ROOT) + "  "
                + job.source().provider() + " -> " + job.destination().provider());
        out.println("State:    " + Format.state(job));
        out.println("Totals:   " + Format.count(job.items(), "item") + ", " + Format.bytes(job.bytes()) + ", "
                + Format.count(job.errors(), "error"));
        out.println("Created:  " + Format.time(job.createdAt()) + "   Updated: " + Format.time(job.updatedAt()));
        if (job.syncId() != null) {
            out.println("Sync:     " + job.syncId() + " (a scheduled run; dtp:syncs)");
        }
    }

    static void printDetails(PrintStream out, TransferDetails details) {
        TransferJob job = details.job();
        printHeader(out, job);
        long updated = details.containers().stream().mapToLong(ContainerProgress::updated).sum();
        long unchanged = details.containers().stream().mapToLong(ContainerProgress::unchanged).sum();
        if (updated > 0 || unchanged > 0) {
            out.println("Re-run:   " + Format.count(updated, "item") + " updated in place, " + Format.count(unchanged, "item")
                    + " unchanged since an earlier transfer (not copied again)");
        }
        if (job.exporterVersion() != null || job.importerVersion() != null) {
            out.println("Adapters: export " + Format.orDash(job.exporterVersion()) + ", import "
                    + Format.orDash(job.importerVersion()));
        }
        boolean selective = !details.selection().all();
        if (selective) {
            out.println("Selection: " + Format.selection(details.selection()));
        }

        out.println();
        out.println("Containers");
        ShellTable containers = selective ? Format.table("Name", "Items", "Bytes", "Errors", "Not selected")
                : Format.table("Name", "Items", "Bytes", "Errors");
        containers.emptyTableText("(none yet)");
        for (ContainerProgress c : details.containers()) {
            Row row = containers.addRow();
            row.addContent(name(c), c.items(), Format.bytes(c.bytes()), c.errors());
            if (selective) {
                row.addContent(c.notSelected());
            }
        }
        containers.print(out);

        out.println();
        out.println(job.errors() > LAST_ERRORS ? "Last errors (" + LAST_ERRORS + " of " + job.errors() + "; all with dtp:transfer-errors "
                + job.id() + ")" : "Last errors");
        ShellTable errors = Format.table("At", "Container", "Item", "Message");
        errors.emptyTableText("(none)");
        details.errors().stream().limit(LAST_ERRORS).forEach((ItemError e) -> errors.addRow().addContent(
                Format.time(e.at()), Format.orDash(e.containerId()), Format.orDash(e.itemId()), e.message()));
        errors.print(out);

        out.println();
        FidelityReport fidelity = details.fidelity();
        out.println(fidelity.complete() ? "Fidelity: every field kept"
                : "Fidelity: " + Format.count(fidelity.total(), "field") + " not kept (Side: source = not carried by the"
                + " model as read, destination = not kept there)"
                + (fidelity.total() > LAST_NOT_KEPT ? " (first " + LAST_NOT_KEPT + " shown; all with dtp:transfer-fidelity "
                + job.id() + ")" : ""));
        if (!fidelity.mostOften().isEmpty()) {
            ShellTable mostOften = Format.table("Most often not kept", "Side", "Items");
            fidelity.mostOften().forEach((FieldCount c) -> mostOften.addRow().addContent(c.field(),
                    c.side().name().toLowerCase(java.util.Locale.ROOT), c.count()));
            mostOften.print(out);
            out.println();
        }
        if (!fidelity.complete()) {
            ShellTable notKept = Format.table("Side", "Container", "Item", "Field", "Reason");
            fidelity.entries().stream().limit(LAST_NOT_KEPT).forEach((FieldNotKept f) -> notKept.addRow().addContent(
                    f.side().name().toLowerCase(java.util.Locale.ROOT), Format.orDash(f.containerId()), f.sourceId(),
                    f.field(), f.reason()));
            notKept.print(out);
        }

        out.println();
        out.println("History");
        ShellTable history = Format.table("At", "From", "To", "Reason");
        for (StateChange change : details.history()) {
            history.addRow().addContent(Format.time(change.at()),
                    change.from() == null ? "-" : change.from().name(), change.to().name(),
                    Format.orDash(change.reason()));
        }
        history.print(out);
    }

    /**
     * The watch view. The engine does not know how many items a container holds until it is exported,
     * so a bar shows the container's share of the items copied so far, not a percentage done.
     */
    static void printProgress(PrintStream out, TransferDetails details) {
        TransferJob job = details.job();
        printHeader(out, job);
        out.println();
        int nameWidth = Math.max(4, details.containers().stream().mapToInt(c -> name(c).length()).max().orElse(4));
        nameWidth = Math.min(nameWidth, 40);
        for (ContainerProgress c : details.containers()) {
            String name = name(c);
            if (name.length() > nameWidth) {
                name = name.substring(0, nameWidth - 1) + "~";
            }
            out.printf(java.util.Locale.ROOT, "%-" + nameWidth + "s %s %14s %11s  %s%n", name,
                    Format.bar(c.items(), job.items(), BAR_WIDTH), Format.count(c.items(), "item"),
                    Format.bytes(c.bytes()), Format.count(c.errors(), "error"));
        }
        if (details.containers().isEmpty()) {
            out.println("(no container started yet)");
        }
        out.println();
        out.println(job.state().isFinal() ? "The transfer has ended."
                : "Bars: each container's share of the items copied so far. Ctrl-C stops watching.");
    }

    private static String name(ContainerProgress c) {
        return c.name() != null && !c.name().isBlank() ? c.name() : Format.orDash(c.containerId());
    }
}
