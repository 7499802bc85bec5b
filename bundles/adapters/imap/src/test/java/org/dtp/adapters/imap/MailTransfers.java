package org.dtp.adapters.imap;

import org.dtp.core.testing.TestEngine;
import jakarta.mail.Flags;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.TransferJob;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The real engine outside OSGi (H2 job store, checkpoints, ledger, retries) with the IMAP exporter and importer,
 * and what the round-trip tests fill a source account with and compare afterwards.
 */
final class MailTransfers implements AutoCloseable {
    private final TestEngine engine;
    private final ImapConnector connector;

    MailTransfers(ImapSettings settings) throws Exception {
        connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        engine = new TestEngine(4, Duration.ofMillis(50))
                .exporter("imap", Vertical.MAIL, new ImapMailExporter(connector))
                .importer("imap", Vertical.MAIL, new ImapMailImporter(connector));
    }

    TransferJob run(TransferEndpoint from, TransferEndpoint to) throws Exception {
        return engine.run(Vertical.MAIL, from, to);
    }

    @Override
    public void close() {
        connector.close();
        engine.close();
    }

    /**
     * Fills an account: the samples in INBOX with flags, keywords and dates, a sub-folder of INBOX, a folder with a
     * sub-folder, and a message marked \Deleted. Returns the number of messages.
     */
    static int fill(Mailbox box) throws Exception {
        char sep = box.separator();
        int count = 0;
        Instant day = Instant.parse("2001-04-20T20:18:00Z");
        for (String name : Samples.NAMES) {
            Flags flags = new Flags();
            if (count % 2 == 0) {
                flags.add(Flags.Flag.SEEN);
            }
            if (count == 1) {
                flags.add(Flags.Flag.ANSWERED);
                flags.add("$Forwarded");
            }
            if (count == 2) {
                flags.add(Flags.Flag.FLAGGED);
                flags.add("Work");
            }
            box.append("INBOX", Samples.crlf(name), flags, day.plusSeconds(86_400L * count));
            count++;
        }
        box.create("INBOX" + sep + "Work");
        box.append("INBOX" + sep + "Work", Samples.crlf("python-msg_02.eml"), new Flags(Flags.Flag.DRAFT), day);
        count++;
        box.create("Archive");
        box.create("Archive" + sep + "2001");
        box.append("Archive", Samples.crlf("python-msg_15.eml"), new Flags(Flags.Flag.DELETED), day);
        count++;
        box.append("Archive" + sep + "2001", Samples.crlf("dtp-8bit-charsets.eml"), new Flags(Flags.Flag.SEEN), day.plusSeconds(7));
        box.append("Archive" + sep + "2001", Samples.large("<large@example.org>", 1536 * 1024), new Flags(), day.plusSeconds(9));
        count += 2;
        return count;
    }

    /**
     * What an account holds, folder by folder (full names with '/' for the separator): each message's SHA-256, flags
     * (without \Deleted, which is never copied) and INTERNALDATE, sorted.
     */
    static Map<String, List<String>> contents(Mailbox box) throws Exception {
        return contents(box, in -> in);
    }

    /** {@link #contents(Mailbox)} with each message's SHA-256 taken over {@code view} of its bytes. */
    static Map<String, List<String>> contents(Mailbox box, java.util.function.UnaryOperator<java.io.InputStream> view) throws Exception {
        char sep = box.separator();
        Map<String, List<String>> out = new TreeMap<>();
        for (String folder : box.folders()) {
            List<String> messages = new ArrayList<>();
            for (Mailbox.Stored m : box.messages(folder, view)) {
                m.flags().remove("\\Deleted");
                messages.add(m.sha256() + " " + m.flags() + " " + m.internalDate());
            }
            messages.sort(null);
            out.put(folder.replace(sep, '/'), messages);
        }
        return out;
    }
}
