package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.TransferService;

import java.io.PrintStream;
import java.util.Optional;
import java.util.UUID;

/**
 * dtp:transfer-errors and dtp:transfer-fidelity: one page of a transfer's item errors or fidelity entries, with
 * their total and the command for the next page, so that nothing is hidden behind dtp:transfer's short lists.
 */
abstract class TransferReportCommand<T> implements Action {
    static final int DEFAULT_LIMIT = 50;

    @Reference
    TransferService transfers;

    @Argument(index = 0, name = "id", required = true, description = "The transfer's id")
    @Completion(TransferIdCompleter.class)
    String id;

    @Option(name = "-o", aliases = "--offset", description = "How many entries to skip")
    int offset = 0;

    @Option(name = "-l", aliases = "--limit", description = "How many entries to show (default 50)")
    int limit = DEFAULT_LIMIT;

    /** The command's name, for the hint to the next page. */
    abstract String name();

    /** What the entries are, plural: "Item errors". */
    abstract String what();

    /** Options to repeat in the hint to the next page ("" or " --side source"). */
    String extraOptions() {
        return "";
    }

    abstract Optional<ReportPage<T>> page(UUID id, int offset, int limit) throws CommandException;

    abstract ShellTable table();

    abstract void addRow(ShellTable table, T entry);

    @Override
    public Object execute() throws Exception {
        if (limit < 1 || offset < 0) {
            throw new CommandException("--limit must be at least 1 and --offset at least 0");
        }
        UUID uuid = Format.id(id);
        ReportPage<T> page = page(uuid, offset, limit).orElseThrow(() -> new CommandException("No transfer with id " + uuid));
        PrintStream out = System.out;
        ShellTable table = table();
        table.emptyTableText("(none)");
        page.entries().forEach(entry -> addRow(table, entry));
        table.print(out);
        long next = (long) page.offset() + page.entries().size();
        if (page.entries().isEmpty()) {
            out.println("None from offset " + page.offset() + " (" + page.total() + " in all)");
        } else {
            out.println(what() + " " + (page.offset() + 1) + "-" + next + " of " + page.total() + (next < page.total()
                    ? "; next: dtp:" + name() + " " + uuid + " --offset " + next + " --limit " + page.limit() + extraOptions() : ""));
        }
        return null;
    }
}
