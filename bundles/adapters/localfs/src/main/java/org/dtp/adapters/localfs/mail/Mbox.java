package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.DiskWrites;
import org.dtp.formats.mail.MboxReader;

import java.io.BufferedInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * mbox files in the mboxrd convention (RFC 4155 and its appendix; the "From " quoting of qmail's mbox(5)): every
 * line that starts with "From " begins a message; inside a message a line matching {@code >*From } is stored with
 * one more '>' and read back with one less, so any message survives byte for byte; the writer ends each message
 * with an empty line, which the reader drops. Reading is the formats bundle's {@link MboxReader}; writing is here.
 */
final class Mbox {
    private static final byte[] FROM = "From ".getBytes(StandardCharsets.US_ASCII);
    private static final DateTimeFormatter ASCTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

    private Mbox() {
    }

    /** A page of entries and where the next one starts (-1 at the end of the file). */
    record Scan(List<MboxReader.Message> entries, long next) {
    }

    /**
     * Up to {@code limit} messages from {@code from}, which must be where a "From " line starts (0 for the first:
     * bytes before the first "From " line are no message and skipped). Reads the messages' bytes once, holding
     * only a line's first bytes.
     */
    static Scan scan(Path file, long from, int limit) throws IOException {
        List<MboxReader.Message> entries = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            channel.position(from);
            long next = MboxReader.scan(Channels.newInputStream(channel), from, message -> {
                entries.add(message);
                return entries.size() < limit;
            });
            return new Scan(entries, next);
        }
    }

    /** Where the message whose "From " line starts at {@code offset} begins; -1 when no "From " line starts there. */
    static long contentStart(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (offset < 0 || offset >= channel.size()) {
                return -1;
            }
            channel.position(offset > 0 ? offset - 1 : 0);
            return MboxReader.contentStart(new BufferedInputStream(Channels.newInputStream(channel), 4096), offset);
        }
    }

    /** The message stored from {@code contentStart}, unquoted, {@code size} bytes of it. */
    static InputStream open(Path file, long contentStart, long size) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            channel.position(contentStart);
            InputStream stored = new BufferedInputStream(Channels.newInputStream(channel), DiskWrites.COPY_BUFFER_BYTES);
            return MboxReader.message(stored, size);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The "From " line for a message, without its line feed: {@code From sender asctime-in-UTC}. */
    static String separator(String sender, Instant arrived) {
        String who = sender == null || sender.isBlank() || sender.chars().anyMatch(c -> c <= ' ' || c >= 0x7f) ? "MAILER-DAEMON" : sender;
        return "From " + who + " " + ASCTIME.format(arrived.atOffset(ZoneOffset.UTC));
    }

    /** Writes through to {@code out}, adding a '>' to every line that matches {@code >*From }. */
    static OutputStream quoting(OutputStream out) {
        return new Quoting(out);
    }

    /** Writes out what a {@link #quoting} stream still holds back at a line start; the stream under it stays open. */
    static void finish(OutputStream quoting) throws IOException {
        ((Quoting) quoting).finish();
    }

    /** Adds one '>' to every line that matches {@code >*From }, streaming. */
    private static final class Quoting extends FilterOutputStream {
        private boolean lineStart = true;
        private int matched;

        Quoting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            if (lineStart) {
                if (matched == 0 && b == '>') {
                    out.write(b); // all '>' are alike: the added one may come last
                    return;
                }
                if ((b & 0xff) == FROM[matched]) {
                    if (++matched == FROM.length) {
                        out.write('>');
                        out.write(FROM);
                        matched = 0;
                        lineStart = false;
                    }
                    return;
                }
                out.write(FROM, 0, matched);
                matched = 0;
                lineStart = false;
            }
            out.write(b);
            if (b == '\n') {
                lineStart = true;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        /** Writes what a line start still holds back; the stream under it stays open. */
        void finish() throws IOException {
            out.write(FROM, 0, matched);
            matched = 0;
            out.flush();
        }

        @Override
        public void close() throws IOException {
            finish();
            out.close();
        }
    }
}
