package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.DiskWrites;
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
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * mbox files in the mboxrd convention (RFC 4155 and its appendix; the "From " quoting of qmail's mbox(5)): every
 * line that starts with "From " begins a message; inside a message a line matching {@code >*From } is stored with
 * one more '>' and read back with one less, so any message survives byte for byte; the writer ends each message
 * with an empty line, which the reader drops.
 */
final class Mbox {
    static final String EXTENSION = ".mbox";
    private static final byte[] FROM = "From ".getBytes(StandardCharsets.US_ASCII);
    /** Only the start of a "From " line is kept: enough for the sender and the date. */
    private static final int MAX_SEPARATOR_CHARS = 1000;
    /** "From sender Thu Jan  1 00:00:00 2020" (asctime, UTC by convention); anything after the year is ignored. */
    private static final Pattern SEPARATOR = Pattern.compile(
            "^From \\S*\\s+((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) +\\w{3} +\\d{1,2} +\\d{1,2}:\\d\\d(?::\\d\\d)? +\\d{4})");
    private static final DateTimeFormatter ASCTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);
    private static final DateTimeFormatter ASCTIME_READ = DateTimeFormatter.ofPattern("EEE MMM d HH:mm[:ss] yyyy", Locale.ROOT);

    private Mbox() {
    }

    /**
     * One message of an mbox: its "From " line starts at {@code offset}, its stored (quoted) bytes run from
     * {@code contentStart} to {@code end}, the start of the next "From " line or the end of the file, the
     * separating empty line included. {@code size} is the message's own size by the convention (quoting
     * and separating empty line removed).
     */
    record Entry(long offset, long contentStart, long end, long size, String separator) {
        /** Where the "From " line says the message arrived (asctime, read as UTC); null when it says nothing readable. */
        Instant arrived() {
            Matcher m = SEPARATOR.matcher(separator);
            if (!m.find()) {
                return null;
            }
            try {
                return LocalDateTime.parse(m.group(1).replaceAll(" +", " "), ASCTIME_READ).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }

    /** A page of entries and where the next one starts (-1 at the end of the file). */
    record Scan(List<Entry> entries, long next) {
    }

    /**
     * Up to {@code limit} messages from {@code from}, which must be where a "From " line starts (0 for the first:
     * bytes before the first "From " line are no message and skipped). Reads the messages' bytes once, holding
     * only a line's first bytes.
     */
    static Scan scan(Path file, long from, int limit) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            channel.position(from);
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel), DiskWrites.COPY_BUFFER_BYTES);
            LineReader lines = new LineReader(in, from);
            Line line = lines.next();
            while (line != null && !line.separator()) {
                line = lines.next(); // not an mbox message
            }
            while (line != null) {
                if (entries.size() == limit) {
                    return new Scan(entries, line.start());
                }
                Line separator = line;
                long quoted = 0;
                int[] tail = {-1, -1, -1, -1}; // the last four bytes of the message, for the empty line that ends it
                long contentStart = separator.end();
                line = lines.next();
                while (line != null && !line.separator()) {
                    if (line.quotedFrom()) {
                        quoted++;
                    }
                    tail = line.tail(tail);
                    line = lines.next();
                }
                long end = line == null ? lines.position() : line.start();
                long stored = end - contentStart;
                long separatorBytes = stored >= 2 && tail[0] == '\r' && tail[1] == '\n' && tail[2] == '\r' && tail[3] == '\n' ? 2
                        : stored >= 1 && tail[3] == '\n' ? 1 : 0;
                entries.add(new Entry(separator.start(), contentStart, end, stored - separatorBytes - quoted, separator.text()));
            }
        }
        return new Scan(entries, -1);
    }

    /** Where the message whose "From " line starts at {@code offset} begins; -1 when no "From " line starts there. */
    static long contentStart(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (offset < 0 || offset >= channel.size()) {
                return -1;
            }
            channel.position(offset);
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel), 4096);
            if (offset > 0) {
                channel.position(offset - 1);
                if (in.read() != '\n') {
                    return -1; // not at the start of a line
                }
            }
            Line line = new LineReader(in, offset).next();
            return line != null && line.separator() ? line.end() : -1;
        }
    }

    /** The message stored from {@code contentStart}, unquoted, {@code size} bytes of it. */
    static InputStream open(Path file, long contentStart, long size) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            channel.position(contentStart);
            InputStream stored = new BufferedInputStream(Channels.newInputStream(channel), DiskWrites.COPY_BUFFER_BYTES);
            return new Bounded(new Unquoting(stored), size);
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

    private record Line(long start, long end, String text, boolean separator, boolean quotedFrom, int[] last) {
        int[] tail(int[] previous) {
            int[] tail = previous.clone();
            for (int b : last) {
                if (b >= 0) {
                    System.arraycopy(tail, 1, tail, 0, 3);
                    tail[3] = b;
                }
            }
            return tail;
        }
    }

    /** Reads lines as positions, holding only their first bytes and last four. */
    private static final class LineReader {
        private final InputStream in;
        private long position;

        LineReader(InputStream in, long position) {
            this.in = in;
            this.position = position;
        }

        long position() {
            return position;
        }

        Line next() throws IOException {
            long start = position;
            StringBuilder head = new StringBuilder();
            int[] last = {-1, -1, -1, -1};
            int leadingGreater = 0;
            boolean counting = true;
            int b;
            while ((b = in.read()) >= 0) {
                position++;
                if (head.length() < MAX_SEPARATOR_CHARS) {
                    head.append((char) b); // ISO-8859-1: a From line is ASCII, anything else only needs to survive
                }
                if (counting && b == '>') {
                    leadingGreater++;
                } else {
                    counting = false;
                }
                System.arraycopy(last, 1, last, 0, 3);
                last[3] = b;
                if (b == '\n') {
                    break;
                }
            }
            if (position == start) {
                return null;
            }
            String text = head.toString();
            boolean separator = text.startsWith("From ");
            boolean quotedFrom = leadingGreater > 0 && text.startsWith("From ", leadingGreater);
            String shown = text.endsWith("\n") ? text.substring(0, text.length() - (text.endsWith("\r\n") ? 2 : 1)) : text;
            return new Line(start, position, shown, separator, quotedFrom, last);
        }
    }

    /** Removes one '>' from every line that matches {@code >+From }, streaming. */
    private static final class Unquoting extends InputStream {
        private final InputStream in;
        private final byte[] pending = new byte[FROM.length + 1];
        private int pendingStart;
        private int pendingEnd;
        private boolean lineStart = true;
        private boolean holding; // one '>' kept back: it goes if the line turns out to be a quoted From line
        private int matched;     // how much of "From " followed the '>' run
        private boolean eof;

        Unquoting(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            while (pendingStart == pendingEnd) {
                if (eof) {
                    return -1;
                }
                pendingStart = 0;
                pendingEnd = 0;
                step();
            }
            return pending[pendingStart++] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n = 0;
            while (n < len) {
                int c = read();
                if (c < 0) {
                    return n == 0 ? -1 : n;
                }
                b[off + n++] = (byte) c;
            }
            return n;
        }

        private void step() throws IOException {
            int b = in.read();
            if (b < 0) {
                eof = true;
                release();
                return;
            }
            if (lineStart) {
                if (matched == 0 && b == '>') {
                    if (holding) {
                        emit('>');
                    }
                    holding = true;
                    return;
                }
                if (holding && b == FROM[matched]) {
                    if (++matched == FROM.length) {
                        System.arraycopy(FROM, 0, pending, pendingEnd, FROM.length);
                        pendingEnd += FROM.length;
                        holding = false; // the quoting '>' is dropped
                        matched = 0;
                        lineStart = false;
                    }
                    return;
                }
                release();
                lineStart = false;
            }
            emit(b);
            if (b == '\n') {
                lineStart = true;
            }
        }

        private void release() {
            if (holding) {
                emit('>');
            }
            System.arraycopy(FROM, 0, pending, pendingEnd, matched);
            pendingEnd += matched;
            holding = false;
            matched = 0;
        }

        private void emit(int b) {
            pending[pendingEnd++] = (byte) b;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
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

    /** At most {@code limit} bytes of a stream. */
    private static final class Bounded extends InputStream {
        private final InputStream in;
        private long left;

        Bounded(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
