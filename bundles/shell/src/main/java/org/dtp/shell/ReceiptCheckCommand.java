package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.completers.FileCompleter;
import org.dtp.receipts.ReceiptCheck;
import org.dtp.receipts.Receipts;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;

@Command(scope = "dtp", name = "receipt-check",
        description = "Checks that a receipt file is signed by one of this server's keys and unchanged since")
@Service
public class ReceiptCheckCommand implements Action {

    @Reference
    Receipts receipts;

    @Argument(index = 0, name = "file", required = true, description = "The receipt, as dtp:receipt or the REST API wrote it")
    @Completion(FileCompleter.class)
    String file;

    @Override
    public Object execute() throws Exception {
        String jws;
        try {
            jws = Files.readString(Paths.get(file), StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new CommandException("No such file: " + file);
        }
        ReceiptCheck check = receipts.check(jws);
        if (!check.valid()) {
            throw new CommandException("Not valid: " + check.reason());
        }
        System.out.println("Valid: the receipt of transfer " + check.transfer() + ", signed with key " + check.keyId());
        return null;
    }
}
