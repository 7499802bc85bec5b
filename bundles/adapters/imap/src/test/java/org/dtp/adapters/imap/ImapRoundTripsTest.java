package org.dtp.adapters.imap;

import jakarta.mail.Flags;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * What a copy costs in IMAP commands: per message only the source's FETCH of its body and the destination's APPEND;
 * opening folders, listing a page and the duplicate check are per folder or page, not per message.
 */
public class ImapRoundTripsTest {
    private static final int FOLDERS = 2;
    private static final int PER_FOLDER = 20;

    private GreenMailServer a;
    private GreenMailServer b;
    private CommandCounter source;
    private CommandCounter destination;
    private MailTransfers transfers;

    @Before
    public void start() throws Exception {
        a = new GreenMailServer().user("ann");
        b = new GreenMailServer().user("ann");
        source = new CommandCounter(a.imapPort());
        destination = new CommandCounter(b.imapPort());
        transfers = new MailTransfers(GreenMailServer.settings().withPageSize(10));
    }

    @After
    public void stop() throws Exception {
        transfers.close();
        source.close();
        destination.close();
        a.close();
        b.close();
    }

    @Test
    public void aCopyCostsAboutTwoCommandsPerMessage() throws Exception {
        Map<String, List<String>> original;
        try (Mailbox box = new Mailbox(a.plain("ann"))) {
            for (int f = 0; f < FOLDERS; f++) {
                box.create("f" + f);
                for (int i = 0; i < PER_FOLDER; i++) {
                    String text = "From: ann@example.org\r\nSubject: m " + f + "/" + i + "\r\nMessage-ID: <m-" + f + "-" + i
                            + "@example.org>\r\n\r\nbody " + i + "\r\n";
                    box.append("f" + f, text.getBytes(StandardCharsets.US_ASCII), new Flags(Flags.Flag.SEEN), Instant.parse("2024-01-02T03:04:05Z"));
                }
            }
            original = MailTransfers.contents(box);
        }
        int messages = FOLDERS * PER_FOLDER;

        TransferJob job = transfers.run(GreenMailServer.endpoint("ann", "plain", source.port(), GreenMailServer.PASSWORD),
                GreenMailServer.endpoint("ann", "plain", destination.port(), GreenMailServer.PASSWORD));
        assertEquals(job.toString(), JobState.COMPLETED, job.state());
        try (Mailbox box = new Mailbox(b.plain("ann"))) {
            assertEquals(original, MailTransfers.contents(box));
        }
        // Before the lean path: about 15 per message (a NOOP, EXAMINE and CLOSE for each read of the source, twice;
        // SELECT, SEARCH and CLOSE at the destination). Besides the two per message: what the job costs once (logins,
        // capabilities, folder lists, folder creation) and per folder or page (EXAMINE, SELECT, a page's FETCH).
        int commands = source.total() + destination.total();
        assertTrue("source " + source.counts() + ", destination " + destination.counts(), commands <= 2 * messages + 60);
        assertEquals(source.counts() + " " + destination.counts(), Integer.valueOf(messages), destination.counts().get("APPEND"));
    }
}
