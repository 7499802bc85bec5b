package org.dtp.shell;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.receipts.DestinationVerification;
import org.dtp.receipts.ItemCheck;
import org.dtp.receipts.VerificationException;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.ReportPage;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

@Command(scope = "dtp", name = "verify",
        description = "Checks an ended transfer's receipt against its destination now, a page of items at a time: same, present, missing, changed or not checkable")
@Service
public class VerifyCommand extends TransferReportCommand<ItemCheck> {

    @Reference
    DestinationVerification verification;

    @Reference
    Session session;

    @Option(name = "-d", aliases = "--destination-setting", multiValued = true,
            description = "A secret destination setting the ended transfer no longer keeps, e.g. -d password (typed when asked) "
                    + "or -d password=@/path/to/file (repeatable)")
    List<String> destinationSettings;

    @Override
    String name() {
        return "verify";
    }

    @Override
    String what() {
        return "Items";
    }

    /** The settings' names only: the hint to the next page never repeats a secret. */
    @Override
    String extraOptions() {
        StringBuilder options = new StringBuilder();
        if (destinationSettings != null) {
            destinationSettings.forEach(s -> options.append(" -d ").append(s.split("=", 2)[0].strip()));
        }
        return options.toString();
    }

    @Override
    Optional<ReportPage<ItemCheck>> page(UUID id, int offset, int limit) throws CommandException {
        if (limit > DestinationVerification.MAX_PAGE) {
            throw new CommandException("--limit may be at most " + DestinationVerification.MAX_PAGE + ": each item is a read at the destination");
        }
        Map<String, String> secrets = Format.settings(destinationSettings, "-d", text -> session.readLine(text, '*'));
        try {
            return Optional.of(verification.verify(id, secrets, offset, limit));
        } catch (NoSuchTransferException e) {
            return Optional.empty();
        } catch (IllegalJobStateException | VerificationException e) {
            throw new CommandException(e.getMessage());
        }
    }

    @Override
    ShellTable table() {
        return Format.table("Status", "Source", "Destination", "Detail");
    }

    @Override
    void addRow(ShellTable table, ItemCheck check) {
        table.addRow().addContent(check.status().name(), check.sourceId(), check.destinationId(), check.detail());
    }
}
