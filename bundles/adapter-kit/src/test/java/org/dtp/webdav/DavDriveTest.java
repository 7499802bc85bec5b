package org.dtp.webdav;

import org.dtp.kit.testing.GeneratedStream;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.webdav.testing.ApacheDav;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The drive requests of {@link DavClient} (folders, streamed PUT and GET, listings) against Apache's mod_dav. */
public class DavDriveTest {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    private final DavClient client = Radicale.client();
    private final DavAccount account = new DavAccount(SERVER.url(), ApacheDav.USER, ApacheDav.PASSWORD);

    @Test
    public void aFolderIsMadeOnceThenFoundThere() throws Exception {
        URI folder = SERVER.url().resolve("made%20once/");
        assertTrue(client.makeFolder(account, folder));
        assertFalse(client.makeFolder(account, folder));
        assertTrue(client.entry(account, folder).orElseThrow().collection());
    }

    @Test
    public void aStreamedPutLandsWholeAndASecondOneFindsItThere() throws Exception {
        URI folder = SERVER.url().resolve("put/");
        client.makeFolder(account, folder);
        URI file = folder.resolve("big%20one.jpg");
        long length = 8L << 20;
        try (InputStream body = new GeneratedStream(length)) {
            assertEquals(DavPutResult.Outcome.CREATED,
                    client.putNew(account, file, body, length, "image/jpeg", Map.of()).outcome());
        }
        assertEquals(length, Files.size(SERVER.files().resolve("put/big one.jpg")));
        try (InputStream again = new GeneratedStream(length)) {
            assertEquals("a body sent to a name already taken is refused, not stored",
                    DavPutResult.Outcome.PRECONDITION_FAILED,
                    client.putNew(account, file, again, length, "image/jpeg", Map.of()).outcome());
        }
        DavEntry entry = client.entry(account, file).orElseThrow();
        assertEquals(length, entry.length());
        assertEquals("big one.jpg", entry.name());
        assertFalse(entry.collection());
    }

    @Test
    public void aListingGivesLengthsTimesAndSubFolders() throws Exception {
        URI folder = SERVER.url().resolve("listed/");
        client.makeFolder(account, folder);
        client.makeFolder(account, folder.resolve("inner/"));
        byte[] bytes = "twelve bytes".getBytes();
        client.putNew(account, folder.resolve("a.txt"), new ByteArrayInputStream(bytes), bytes.length, "text/plain", Map.of());
        List<DavEntry> entries = client.listEntries(account, folder);
        assertEquals(List.of("a.txt", "inner"), entries.stream().map(DavEntry::name).toList());
        assertEquals(12, entries.get(0).length());
        assertTrue(entries.get(0).lastModified().isAfter(Instant.now().minusSeconds(600)));
        assertTrue(entries.get(1).collection());
        assertEquals(entries, client.listEntriesIfFound(account, folder).orElseThrow());
        // a folder not made yet lists as nothing there, where listEntries fails
        URI missing = SERVER.url().resolve("never-made/");
        assertTrue(client.listEntriesIfFound(account, missing).isEmpty());
        assertThrows(AdapterException.class, () -> client.listEntries(account, missing));
    }

    @Test
    public void aFileIsReadFromAnOffsetWithItsETagAndWholeSize() throws Exception {
        byte[] bytes = "0123456789 the rest of the file".getBytes();
        URI file = SERVER.url().resolve("ranged.txt");
        client.putNew(account, file, new ByteArrayInputStream(bytes), bytes.length, "text/plain", Map.of());
        String etag = client.entry(account, file).orElseThrow().etag();

        DavFilePart part = client.openFrom(account, file, 10).orElseThrow();
        try (InputStream in = part.bytes()) {
            assertEquals(" the rest of the file", new String(in.readAllBytes()));
        }
        assertEquals(etag, part.etag());
        assertEquals(bytes.length, part.size());
        DavFilePart past = client.openFrom(account, file, bytes.length).orElseThrow();
        assertEquals(0, past.bytes().readAllBytes().length);
        assertEquals(etag, past.etag());
        assertEquals(bytes.length, past.size());
        try (InputStream whole = client.openFrom(account, file, 0).orElseThrow().bytes()) {
            assertEquals(new String(bytes), new String(whole.readAllBytes()));
        }
        assertTrue(client.openFrom(account, SERVER.url().resolve("no%20such.txt"), 3).isEmpty());
    }

    @Test
    public void aFileIsReadAsAStreamAndAMissingOneIsRejected() throws Exception {
        byte[] bytes = "read me back".getBytes();
        URI file = SERVER.url().resolve("read.txt");
        client.putNew(account, file, new ByteArrayInputStream(bytes), bytes.length, "text/plain", Map.of());
        try (InputStream in = client.open(account, file)) {
            assertEquals("read me back", new String(in.readAllBytes()));
        }
        assertThrows(ItemRejectedException.class, () -> client.open(account, SERVER.url().resolve("not-there.txt")));
        assertTrue(client.entry(account, SERVER.url().resolve("not-there.txt")).isEmpty());
    }
}
