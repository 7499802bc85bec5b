package org.dtp.adapters.imap;

import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * COMPRESS=DEFLATE (RFC 4978) against a real Dovecot that offers it (start-dovecot.sh loads its imap_zlib plugin):
 * the endpoint setting {@code compress=on} makes the exporter's and the importer's connections send COMPRESS, each
 * side on its own, and a copy over compressed connections is still byte for byte; on loopback {@code auto} (the
 * default) leaves them plain. Dovecot counts the COMPRESS commands it finished. Runs when start-dovecot.sh's
 * environment is set.
 */
public class DovecotCompressTest {
    private static ImapSettings settings;
    private static TransferEndpoint source;
    private static TransferEndpoint destination;
    private static Map<String, List<String>> contents;
    private MailTransfers transfers;

    @BeforeClass
    public static void fillSource() throws Exception {
        Assume.assumeTrue("start-dovecot.sh's environment is not set: the COMPRESS test is skipped (see README)",
                System.getenv("DTP_TEST_DOVECOT_CONF") != null);
        settings = ThrowAwayDovecot.settings().withPageSize(3);
        source = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER"));
        destination = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER2"));
        try (Mailbox box = new Mailbox(source, settings)) {
            box.clear();
            MailTransfers.fill(box);
            contents = MailTransfers.contents(box);
        }
    }

    @Before
    public void start() throws Exception {
        transfers = new MailTransfers(settings);
    }

    @After
    public void stop() {
        if (transfers != null) {
            transfers.close();
        }
    }

    private static TransferEndpoint compress(TransferEndpoint endpoint, String mode) {
        return endpoint.withSettings(Map.of(ImapAccount.COMPRESS, mode));
    }

    /** Copies into the emptied destination; returns the COMPRESS commands Dovecot finished meanwhile, after checking the copy. */
    private long copyCountingCompress(TransferEndpoint from, TransferEndpoint to) throws Exception {
        try (Mailbox box = new Mailbox(destination, settings)) {
            box.clear();
        }
        long before = ThrowAwayDovecot.commands().getOrDefault("COMPRESS", 0L);
        TransferJob job = transfers.run(from, to);
        long compressed = ThrowAwayDovecot.commands().getOrDefault("COMPRESS", 0L) - before;
        assertEquals(job.toString(), JobState.COMPLETED, job.state());
        try (Mailbox box = new Mailbox(destination, settings)) {
            Map<String, List<String>> copied = MailTransfers.contents(box);
            copied.keySet().retainAll(contents.keySet());
            assertEquals(contents, copied);
        }
        return compressed;
    }

    @Test
    public void theExportersConnectionsAreCompressedWhenOnAndTheCopyIsExact() throws Exception {
        long compressed = copyCountingCompress(compress(source, "on"), compress(destination, "off"));
        assertTrue("COMPRESS commands: " + compressed, compressed >= 1);
    }

    @Test
    public void theImportersConnectionsAreCompressedWhenOnAndTheCopyIsExact() throws Exception {
        long compressed = copyCountingCompress(compress(source, "off"), compress(destination, "on"));
        assertTrue("COMPRESS commands: " + compressed, compressed >= 1);
    }

    @Test
    public void onLoopbackAutoLeavesTheConnectionsPlain() throws Exception {
        assertEquals(0, copyCountingCompress(source, destination));
    }
}
