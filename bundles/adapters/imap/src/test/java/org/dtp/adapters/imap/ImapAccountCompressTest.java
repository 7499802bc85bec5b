package org.dtp.adapters.imap;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The endpoint setting {@code compress}: auto (compressed unless the server is on loopback), on, off. */
public class ImapAccountCompressTest {
    private static ImapAccount account(String host, String compress) throws InvalidEndpointException {
        Map<String, String> settings = new HashMap<>(Map.of(ImapAccount.HOST, host, ImapAccount.USERNAME, "ann",
                ImapAccount.PASSWORD, "secret"));
        if (compress != null) {
            settings.put(ImapAccount.COMPRESS, compress);
        }
        return ImapAccount.of(new TransferEndpoint("imap", settings), ImapSettings.defaults());
    }

    @Test
    public void autoIsTheDefaultAndCompressesOnlyAServerNotOnLoopback() throws Exception {
        ImapAccount.Compression auto = account("localhost", null).compression();
        assertEquals(ImapAccount.Compression.AUTO, auto);
        assertFalse(auto.appliesTo("localhost"));
        assertFalse(auto.appliesTo("127.0.0.1"));
        assertFalse(auto.appliesTo("::1"));
        assertTrue(auto.appliesTo("192.0.2.1")); // TEST-NET-1 (RFC 5737): an address elsewhere, no DNS asked
    }

    @Test
    public void onAndOffDecideWhateverTheHost() throws Exception {
        assertTrue(account("localhost", "ON").compression().appliesTo("localhost"));
        assertFalse(account("192.0.2.1", " off ").compression().appliesTo("192.0.2.1"));
    }

    @Test
    public void anyOtherValueIsRefusedNamingTheSetting() {
        try {
            account("localhost", "yes");
            fail("compress=yes accepted");
        } catch (InvalidEndpointException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("'compress' must be auto, on or off"));
        }
    }
}
