package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.completers.FileCompleter;
import org.dtp.receipts.Receipts;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;

@Command(scope = "dtp", name = "receipt",
        description = "Writes the signed receipt of an ended transfer (a JWS: what went where, fingerprints, fields not kept, totals) to a file, or prints it")
@Service
public class ReceiptCommand implements Action {

    @Reference
    Receipts receipts;

    @Argument(index = 0, name = "id", required = true, description = "The transfer's id")
    @Completion(TransferIdCompleter.class)
    String id;

    @Argument(index = 1, name = "file", description = "Where to write it (replaced if it exists); printed when not given")
    @Completion(FileCompleter.class)
    String file;

    @Override
    public Object execute() throws Exception {
        UUID uuid = Format.id(id);
        try {
            if (file == null) {
                receipts.write(uuid, new KeptOpen(System.out));
                System.out.println();
                return null;
            }
            Path target = Paths.get(file).toAbsolutePath();
            try (OutputStream out = Files.newOutputStream(target)) {
                receipts.write(uuid, out);
            }
            System.out.println("Receipt of " + uuid + " written to " + target + " (signed with key " + receipts.currentKeyId() + ")");
            return null;
        } catch (NoSuchTransferException e) {
            throw new CommandException("No transfer with id " + uuid);
        } catch (IllegalJobStateException e) {
            throw new CommandException(e.getMessage());
        }
    }

    /** The session's output, which writing the receipt must not close. */
    private static final class KeptOpen extends java.io.FilterOutputStream {
        KeptOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws java.io.IOException {
            flush();
        }
    }
}
