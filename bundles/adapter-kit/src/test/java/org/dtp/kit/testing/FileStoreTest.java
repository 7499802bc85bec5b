package org.dtp.kit.testing;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class FileStoreTest {
    private FileStore store;

    @Before
    public void open() throws IOException {
        store = new FileStore("file-store-test");
    }

    @After
    public void close() {
        store.close();
    }

    @Test
    public void anUploadIsStoredWithItsSizeAndSha256() throws IOException {
        FileStore.Stored stored = store.store(new ByteArrayInputStream("hello".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(5, stored.size());
        assertEquals("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", stored.sha256());
        assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), stored.bytes());
        try (InputStream in = stored.open()) {
            assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), in.readAllBytes());
        }
    }

    @Test
    public void aLargeUploadIsStreamedToDiskAndReadBackTheSame() throws Exception {
        long length = 8L << 20;
        FileStore.Stored stored = store.store(new GeneratedStream(length));
        String expected = sha256(new GeneratedStream(length));
        assertEquals(length, stored.size());
        assertEquals(length, Files.size(stored.file()));
        assertEquals(expected, stored.sha256());
        try (InputStream in = stored.open()) {
            assertEquals(expected, sha256(in));
        }
    }

    @Test
    public void eachUploadGetsAFileOfItsOwn() throws IOException {
        FileStore.Stored a = store.store(new ByteArrayInputStream(new byte[]{1}));
        FileStore.Stored b = store.store(new ByteArrayInputStream(new byte[]{2}));
        assertFalse(a.file().equals(b.file()));
        assertArrayEquals(new byte[]{1}, a.bytes());
        assertArrayEquals(new byte[]{2}, b.bytes());
    }

    @Test
    public void aNamedFileIsReplacedByTheNextOfThatName() throws IOException {
        FileStore.Stored first = store.store("a.jpg", new ByteArrayInputStream(new byte[]{1, 2, 3}));
        FileStore.Stored second = store.store("a.jpg", new ByteArrayInputStream(new byte[]{4}));
        assertEquals(first.file(), second.file());
        assertEquals(Path.of("a.jpg"), second.file().getFileName());
        assertEquals(1, second.size());
        assertArrayEquals(new byte[]{4}, second.bytes());
    }

    @Test
    public void contentMayBeWrittenRatherThanRead() throws IOException {
        FileStore.Stored stored = store.store(out -> {
            out.write(new byte[]{7, 8});
            out.write(9);
        });
        assertEquals(3, stored.size());
        assertArrayEquals(new byte[]{7, 8, 9}, stored.bytes());
    }

    @Test
    public void anUploadThatBreaksOffLeavesNoFile() throws IOException {
        Path folder = store.store(new ByteArrayInputStream(new byte[0])).file().getParent();
        long before = count(folder);
        try {
            store.store(new SequenceInputStream(new ByteArrayInputStream(new byte[100_000]), new InputStream() {
                @Override
                public int read() throws IOException {
                    throw new IOException("connection reset");
                }
            }));
            fail("the broken upload was stored");
        } catch (IOException expected) {
            assertEquals("connection reset", expected.getMessage());
        }
        assertEquals(before, count(folder));
    }

    @Test
    public void deleteRemovesOneFile() throws IOException {
        FileStore.Stored kept = store.store(new ByteArrayInputStream(new byte[]{1}));
        FileStore.Stored deleted = store.store(new ByteArrayInputStream(new byte[]{2}));
        store.delete(deleted);
        assertFalse(Files.exists(deleted.file()));
        assertTrue(Files.exists(kept.file()));
    }

    @Test
    public void closeDeletesEveryFileAndTheFolder() throws IOException {
        FileStore.Stored a = store.store(new ByteArrayInputStream(new byte[]{1}));
        FileStore.Stored b = store.store("b.mp4", new ByteArrayInputStream(new byte[]{2}));
        Path folder = a.file().getParent();
        store.close();
        for (Path gone : List.of(a.file(), b.file(), folder)) {
            assertFalse(gone + " is left", Files.exists(gone));
        }
    }

    private static long count(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.count();
        }
    }

    private static String sha256(InputStream in) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) {
            digest.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
