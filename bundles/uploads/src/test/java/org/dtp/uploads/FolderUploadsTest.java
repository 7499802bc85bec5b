package org.dtp.uploads;

import org.dtp.transfer.uploads.Upload;
import org.dtp.transfer.uploads.UploadRefusedException;
import org.dtp.transfer.uploads.UploadRefusedException.Reason;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class FolderUploadsTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T10:00:00Z"));

    @Test
    public void anUploadIsStoredWholeAndOnlyItsOwnerReachesIt() throws Exception {
        FolderUploads uploads = uploads(config(100, 5, 1000));
        byte[] bytes = "PK archive bytes".getBytes();
        Upload upload = uploads.store("ann", "C:\\Users\\ann\\takeout-001.zip", new ByteArrayInputStream(bytes), bytes.length);
        assertEquals("takeout-001.zip", upload.name());
        assertEquals(bytes.length, upload.size());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)), upload.sha256());
        assertEquals(Instant.parse("2026-12-08T10:00:00Z"), upload.expiresAt());

        Path file = uploads.file("ann", upload.id()).orElseThrow();
        assertArrayEquals(bytes, Files.readAllBytes(file));
        assertEquals(Optional.empty(), uploads.file("bob", upload.id()));
        assertEquals(Optional.empty(), uploads.find("bob", upload.id()));
        assertEquals(List.of(), uploads.list("bob"));
        assertFalse(uploads.delete("bob", upload.id()));
        assertEquals(List.of(upload), uploads.list("ann"));
        assertEquals(List.of(upload), uploads.list(null));
        // Not a path: an id is 32 hex digits.
        assertEquals(Optional.empty(), uploads.file("ann", "../" + upload.id()));

        assertTrue(uploads.delete("ann", upload.id()));
        assertEquals(Optional.empty(), uploads.file("ann", upload.id()));
        assertFalse(Files.exists(file));
    }

    @Test
    public void namesThatAreNotArchivesOrNotSafeAreRefused() throws Exception {
        FolderUploads uploads = uploads(config(100, 5, 1000));
        for (String name : new String[]{"", "notes.txt", ".zip", "a\u0007b.zip", "x".repeat(250) + ".zip"}) {
            assertRefused(Reason.BAD_NAME, () -> uploads.store("ann", name, new ByteArrayInputStream(new byte[1]), 1));
        }
        assertEquals("export.TAR.GZ", uploads.store("ann", "export.TAR.GZ", new ByteArrayInputStream(new byte[1]), 1).name());
    }

    @Test
    public void limitsRefuseAndLeaveNothingBehind() throws Exception {
        FolderUploads uploads = uploads(config(10, 2, 15));
        assertRefused(Reason.TOO_LARGE, () -> uploads.store("ann", "a.zip", new ByteArrayInputStream(new byte[11]), 11));
        // Without a declared length, the stream is cut at the limit.
        assertRefused(Reason.TOO_LARGE, () -> uploads.store("ann", "a.zip", new ByteArrayInputStream(new byte[11]), -1));
        assertRefused(Reason.INCOMPLETE, () -> uploads.store("ann", "a.zip", new ByteArrayInputStream(new byte[5]), 8));
        assertRefused(Reason.INCOMPLETE, () -> uploads.store("ann", "a.zip", new ByteArrayInputStream(new byte[0]), -1));
        uploads.store("ann", "a.zip", new ByteArrayInputStream(new byte[10]), 10);
        // 10 of the owner's 15 bytes are taken: 6 more are refused, also undeclared.
        assertRefused(Reason.OWNER_LIMIT, () -> uploads.store("ann", "b.zip", new ByteArrayInputStream(new byte[6]), 6));
        assertRefused(Reason.OWNER_LIMIT, () -> uploads.store("ann", "b.zip", new ByteArrayInputStream(new byte[6]), -1));
        uploads.store("ann", "b.zip", new ByteArrayInputStream(new byte[5]), -1);
        assertRefused(Reason.OWNER_LIMIT, () -> uploads.store("ann", "c.zip", new ByteArrayInputStream(new byte[1]), 1));
        // Another owner has limits of their own.
        uploads.store("bob", "c.zip", new ByteArrayInputStream(new byte[10]), 10);

        assertEquals(2, uploads.list("ann").size());
        try (var entries = Files.walk(tmp.getRoot().toPath())) {
            assertEquals("only the stored uploads' files and records remain", 3 * 2L,
                    entries.filter(Files::isRegularFile).count());
        }
    }

    @Test
    public void aBrokenUploadLeavesNothing() throws Exception {
        FolderUploads uploads = uploads(config(100, 5, 1000));
        InputStream breaking = new InputStream() {
            private int left = 7;

            @Override
            public int read() throws IOException {
                if (left == 0) {
                    throw new IOException("connection reset");
                }
                left--;
                return 1;
            }
        };
        try {
            uploads.store("ann", "a.zip", breaking, 50);
            fail("a broken upload is not kept");
        } catch (IOException expected) {
            assertEquals("connection reset", expected.getMessage());
        }
        assertEquals(List.of(), uploads.list("ann"));
        try (var entries = Files.walk(tmp.getRoot().toPath())) {
            assertEquals(0, entries.filter(Files::isRegularFile).count());
        }
    }

    @Test
    public void expiredUploadsAreGoneAndSweptAway() throws Exception {
        FolderUploads uploads = uploads(config(100, 5, 1000));
        Upload upload = uploads.store("ann", "a.zip", new ByteArrayInputStream(new byte[3]), 3);
        clock.now = clock.now.plus(Duration.ofDays(7));
        assertEquals(Optional.empty(), uploads.file("ann", upload.id()));
        assertEquals(List.of(), uploads.list("ann"));
        uploads.sweep();
        try (var entries = Files.walk(tmp.getRoot().toPath())) {
            assertEquals(0, entries.filter(Files::isRegularFile).count());
        }
    }

    private interface Store {
        void run() throws Exception;
    }

    private static void assertRefused(Reason reason, Store store) throws Exception {
        try {
            store.run();
            fail("refused for " + reason);
        } catch (UploadRefusedException e) {
            assertEquals(e.getMessage(), reason, e.reason());
        }
    }

    private FolderUploads uploads(UploadsConfig config) throws IOException {
        return new FolderUploads(config, clock, false);
    }

    private UploadsConfig config(long maxUpload, int perOwner, long bytesPerOwner) {
        String folder = tmp.getRoot().getAbsolutePath();
        return new UploadsConfig() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return UploadsConfig.class;
            }

            @Override
            public String folder() {
                return folder;
            }

            @Override
            public long maxUploadBytes() {
                return maxUpload;
            }

            @Override
            public int maxUploadsPerOwner() {
                return perOwner;
            }

            @Override
            public long maxBytesPerOwner() {
                return bytesPerOwner;
            }

            @Override
            public long minFreeBytes() {
                return 0;
            }

            @Override
            public int retentionDays() {
                return 7;
            }

            @Override
            public String[] extensions() {
                return new String[]{".zip", ".tgz", ".tar.gz"};
            }
        };
    }

    private static final class MovableClock extends Clock {
        volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
