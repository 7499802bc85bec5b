package org.dtp.adapters.archives.takeout;

import org.dtp.formats.mail.MboxReader;
import org.dtp.spi.AdapterException;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Semaphore;

/**
 * A job's one open reading of an mbox entry, moving forward only, that its messages are served from in turn. An
 * entry of a zip or tgz part can only be read from its start, so opening each of 100,000 messages of a 5 GB mbox
 * afresh would inflate the archive 100,000 times; a folder's messages are asked for in mbox order (mail importers
 * take one item at a time), so each is reached by skipping forward from the one before. A message behind the
 * cursor, or asked for while another is being read (another folder's transfer, a retry), is read from a fresh
 * opening of the entry instead, which costs the inflation up to it but never waits.
 */
final class MboxCursor {
    /** Opens an mbox entry from its start. */
    interface Opener {
        InputStream open() throws AdapterException, IOException;
    }

    private static final int BUFFER_BYTES = 64 * 1024;
    private final Semaphore lease = new Semaphore(1);
    private String entry;
    private CountingStream stored;

    /**
     * The message whose stored bytes start at {@code contentStart} of the entry {@code entry}, unquoted, {@code size}
     * bytes; {@code opener} opens the entry when the cursor cannot serve it.
     */
    InputStream message(String entry, long contentStart, long size, Opener opener) throws AdapterException, IOException {
        if (!lease.tryAcquire()) {
            return fresh(opener, contentStart, size);
        }
        boolean leased = false;
        try {
            if (stored == null || !entry.equals(this.entry) || stored.position > contentStart) {
                close();
                stored = new CountingStream(new BufferedInputStream(opener.open(), BUFFER_BYTES));
                this.entry = entry;
            }
            stored.skipNBytes(contentStart - stored.position);
            InputStream message = MboxReader.message(new FilterInputStream(stored) {
                @Override
                public void close() {
                    // the cursor stays open for the next message
                }
            }, size);
            leased = true;
            return new FilterInputStream(message) {
                private boolean closed;

                @Override
                public void close() throws IOException {
                    if (!closed) {
                        closed = true;
                        lease.release();
                    }
                }
            };
        } catch (IOException | RuntimeException e) {
            close(); // where it stands is unknown now
            throw e;
        } finally {
            if (!leased) {
                lease.release();
            }
        }
    }

    private static InputStream fresh(Opener opener, long contentStart, long size) throws AdapterException, IOException {
        InputStream in = new BufferedInputStream(opener.open(), BUFFER_BYTES);
        try {
            in.skipNBytes(contentStart);
            return MboxReader.message(in, size);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private void close() throws IOException {
        if (stored != null) {
            CountingStream open = stored;
            stored = null;
            open.close();
        }
    }

    /** Counts the bytes read through it: where in the entry the cursor stands. */
    private static final class CountingStream extends FilterInputStream {
        long position;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                position++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                position += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            position += skipped;
            return skipped;
        }
    }
}
