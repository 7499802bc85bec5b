package org.dtp.adapters.imap;

import jakarta.mail.MessagingException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.ItemRejectedException;
import org.junit.Test;

import static org.junit.Assert.assertTrue;

public class ImapFailuresTest {
    @Test
    public void anAppendRefusedOverQuotaMeansTheMailboxIsFullNotThatTheMessageIsBad() {
        // The tagged answer a server gives to APPEND when the mailbox is over its quota (RFC 5530 section 3).
        MessagingException overQuota = new MessagingException("A5 NO [OVERQUOTA] Quota exceeded (mailbox for user is full)");

        assertTrue(ImapFailures.ofItem("cannot append message m1", overQuota) instanceof DestinationFullException);
        assertTrue(ImapFailures.ofItem("cannot append message m2", new MessagingException("A6 NO [TOOBIG] Message too large"))
                instanceof ItemRejectedException);
    }
}
