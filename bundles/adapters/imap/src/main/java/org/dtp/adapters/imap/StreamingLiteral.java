package org.dtp.adapters.imap;

import org.eclipse.angus.mail.iap.Literal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The APPEND literal, streamed from the source in 64 KiB pieces (Angus's own literal for a Message buffers it whole
 * and rewrites line ends). The size goes first ({@code {size}}), so it must be exact: the last byte is held back
 * until the source has shown it has no more, and a source that ends early or runs long fails the write. A literal
 * that is not completed makes the server discard the APPEND (and Angus drops the connection), so a message is
 * stored whole or not at all. What went wrong is kept in {@link #failure()}, as Angus replaces it by a BYE.
 */
final class StreamingLiteral implements Literal {
    private static final int BUFFER = 64 * 1024;

    /** The source served other bytes (another number of them, or others) than it did when they were counted. */
    static final class SourceMismatchException extends IOException {
        SourceMismatchException(String message) {
            super(message);
        }
    }

    /** A last check of the bytes, run before the literal's last byte is sent. */
    @FunctionalInterface
    interface Check {
        void verify() throws IOException;
    }

    private final InputStream source;
    private final int size;
    private final Check check;
    private IOException failure;

    StreamingLiteral(InputStream source, long size) {
        this(source, size, () -> { });
    }

    StreamingLiteral(InputStream source, long size, Check check) {
        if (size < 0 || size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("an IMAP literal is 0 to 2 GiB, not " + size + " bytes");
        }
        this.source = source;
        this.size = (int) size;
        this.check = check;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        try {
            byte[] buffer = new byte[BUFFER];
            long written = 0;
            long held = size - 1L; // all but the last byte
            while (written < held) {
                int n = source.read(buffer, 0, (int) Math.min(buffer.length, held - written));
                if (n < 0) {
                    throw new SourceMismatchException("the source's message ended after " + written + " of the " + size + " bytes it announced");
                }
                out.write(buffer, 0, n);
                written += n;
            }
            if (size > 0) {
                int lastByte = source.read();
                if (lastByte < 0) {
                    throw new SourceMismatchException("the source's message ended after " + written + " of the " + size + " bytes it announced");
                }
                if (source.read() >= 0) {
                    throw new SourceMismatchException("the source's message is longer than the " + size + " bytes it announced");
                }
                check.verify();
                out.write(lastByte);
            } else if (source.read() >= 0) {
                throw new SourceMismatchException("the source's message is longer than the 0 bytes it announced");
            } else {
                check.verify();
            }
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    /** Why the last {@link #writeTo} failed, or null. */
    IOException failure() {
        return failure;
    }
}
