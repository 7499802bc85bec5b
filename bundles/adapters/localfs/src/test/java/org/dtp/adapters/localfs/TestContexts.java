package org.dtp.adapters.localfs;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/** Small stand-ins for what the engine hands an adapter. */
public final class TestContexts {
    public static final UUID JOB = UUID.fromString("00000000-0000-0000-0000-00000000f01d");

    private TestContexts() {
    }

    public static TransferEndpoint endpoint(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }

    public static TransferContext source(Path folder) {
        return source(endpoint(folder));
    }

    public static TransferContext source(TransferEndpoint endpoint) {
        return new TestTransferContext(JOB, endpoint);
    }


    /** An import context into {@code folder} whose media come from {@code opener}. */
    public static TestImportContext destination(Path folder, TestImportContext.MediaOpener opener) {
        return new TestImportContext(JOB, endpoint(folder), opener);
    }

    /** A stream that gives {@code good} bytes of {@code data} and then fails, as a dropped connection does. */
    public static InputStream failingAfter(byte[] data, int good) {
        return new InputStream() {
            private int position;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (position >= good) {
                    throw new IOException("connection reset by peer (test)");
                }
                int n = Math.min(len, good - position);
                System.arraycopy(data, position, b, off, n);
                position += n;
                return n;
            }
        };
    }
}
