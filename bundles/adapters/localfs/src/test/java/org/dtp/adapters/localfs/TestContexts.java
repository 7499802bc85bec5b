package org.dtp.adapters.localfs;

import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Small stand-ins for what the engine hands an adapter. */
final class TestContexts {
    static final UUID JOB = UUID.fromString("00000000-0000-0000-0000-00000000f01d");

    private TestContexts() {
    }

    static TransferEndpoint endpoint(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }

    static TransferContext source(Path folder) {
        return new Source(endpoint(folder));
    }

    /** Opens the bytes behind a reference, the way the engine asks the exporting side. */
    interface MediaOpener {
        InputStream open(MediaRef ref) throws IOException, AdapterException;
    }

    record Source(TransferEndpoint endpoint) implements TransferContext {
        @Override
        public UUID jobId() {
            return JOB;
        }
    }

    /** An import context whose media come from {@code opener}; counts how often media were opened. */
    static final class Destination implements ImportContext {
        private final TransferEndpoint endpoint;
        private final MediaOpener opener;
        final AtomicInteger opened = new AtomicInteger();

        Destination(Path folder, MediaOpener opener) {
            this.endpoint = TestContexts.endpoint(folder);
            this.opener = opener;
        }

        @Override
        public UUID jobId() {
            return JOB;
        }

        @Override
        public TransferEndpoint endpoint() {
            return endpoint;
        }

        @Override
        public InputStream openMedia(MediaRef ref) throws IOException, AdapterException {
            opened.incrementAndGet();
            return opener.open(ref);
        }
    }

    /** A stream that gives {@code good} bytes of {@code data} and then fails, as a dropped connection does. */
    static InputStream failingAfter(byte[] data, int good) {
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
