package org.dtp.formats.mail;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads mbox files streaming (RFC 4155 and its appendix; the "From " quoting of qmail's mbox(5)): every line that
 * starts with "From " begins a message; inside a message a line matching {@code >+From } is read with one '>' less
 * (mboxrd; an mboxo file, which quotes only "From " lines, reads the same except for lines that were {@code >From }
 * before quoting, which mboxo cannot tell apart); the empty line that ends a message is the separator's, not the
 * message's. A scan holds only one line's first bytes and one message's header block, however large the messages:
 * what it gives of each message is where it lies, so that the bytes are read again, streaming, when wanted.
 */
public final class MboxReader {
    /** Only the start of a "From " line is kept: enough for the sender and the date. */
    private static final int MAX_SEPARATOR_CHARS = 1000;
    private static final byte[] FROM = "From ".getBytes(StandardCharsets.US_ASCII);
    /**
     * "From sender Thu Jan  1 00:00:00 2020" (asctime, UTC by convention), or with a numeric zone before the year as
     * Gmail writes it ("From 1790000000000000000@xxx Mon Jan 01 12:00:00 +0000 2024"); anything after the year is
     * ignored.
     */
    private static final Pattern SEPARATOR = Pattern.compile("^From \\S*\\s+((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) +\\w{3} +"
            + "\\d{1,2} +\\d{1,2}:\\d\\d(?::\\d\\d)?) +(?:([+-]\\d{4}) +)?(\\d{4})");
    private static final DateTimeFormatter ASCTIME = DateTimeFormatter.ofPattern("EEE MMM d HH:mm[:ss] yyyy", Locale.ROOT);
    private static final int BUFFER_BYTES = 64 * 1024;

    /**
     * One message of an mbox: its "From " line starts at {@code offset}, its stored (quoted) bytes run from
     * {@code contentStart} to {@code end} (the start of the next "From " line or the end of the file, the separating
     * empty line included); {@code size} is the message's own size (quoting and separating empty line removed);
     * {@code headers} its header block as stored (up to {@link MessageHeaders#MAX_HEADER_BYTES}), for
     * {@link MessageHeaders#read}.
     */
    public record Message(long offset, long contentStart, long end, long size, String separator, byte[] headers) {
        /** When the "From " line says the message arrived (its zone, else UTC); null when it says nothing readable. */
        public Instant arrived() {
            return MboxReader.arrived(separator);
        }
    }

    /** What a scan gives each message in turn. */
    @FunctionalInterface
    public interface Visitor {
        /** Takes a message; false stops the scan before the next one (which is not read). */
        boolean message(Message message) throws IOException;
    }

    private MboxReader() {
    }

    /**
     * Visits the messages of {@code in} (not closed here), which is at {@code offset} of the file and must be where a
     * "From " line starts, or at 0 (bytes before the first "From " line are no message and skipped). Returns where
     * the message the visitor refused starts, or -1 at the end of the file.
     */
    public static long scan(InputStream in, long offset, Visitor visitor) throws IOException {
        LineReader lines = new LineReader(new BufferedInputStream(in, BUFFER_BYTES), offset);
        Line line = lines.next(false);
        while (line != null && !line.separator()) {
            line = lines.next(false); // not an mbox message
        }
        while (line != null) {
            Line separator = line;
            long quoted = 0;
            int[] tail = {-1, -1, -1, -1}; // the last four bytes of the message, for the empty line that ends it
            long contentStart = separator.end();
            HeaderBlock headers = new HeaderBlock();
            line = lines.next(true);
            while (line != null && !line.separator()) {
                if (line.quotedFrom()) {
                    quoted++;
                }
                headers.add(line);
                tail = line.tail(tail);
                line = lines.next(!headers.complete());
            }
            long end = line == null ? lines.position() : line.start();
            long stored = end - contentStart;
            long separatorBytes = separatorBytes(tail, stored);
            Message message = new Message(separator.start(), contentStart, end, stored - separatorBytes - quoted,
                    separator.text(), headers.bytes());
            if (!visitor.message(message)) {
                return line == null ? -1 : line.start();
            }
        }
        return -1;
    }

    /**
     * How many of a message's last stored bytes are the separating empty line's: its last line break, CRLF or LF (a
     * writer ends a message that has no line break of its own with one before the next "From " line; one that has,
     * with the empty line after it).
     */
    private static long separatorBytes(int[] tail, long stored) {
        if (stored < 1 || tail[3] != '\n') {
            return 0;
        }
        return stored >= 2 && tail[2] == '\r' ? 2 : 1;
    }

    /**
     * The message whose stored bytes {@code stored} starts at (its {@code contentStart}), unquoted, {@code size} bytes
     * of it; closing it closes {@code stored}.
     */
    public static InputStream message(InputStream stored, long size) {
        return new Bounded(new Unquoting(stored), size);
    }

    static Instant arrived(String separator) {
        Matcher m = SEPARATOR.matcher(separator);
        if (!m.find()) {
            return null;
        }
        try {
            LocalDateTime local = LocalDateTime.parse(m.group(1).replaceAll(" +", " ") + " " + m.group(3), ASCTIME);
            return local.toInstant(m.group(2) == null ? ZoneOffset.UTC : ZoneOffset.of(m.group(2)));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private record Line(long start, long end, String text, boolean separator, boolean quotedFrom, int[] last, byte[] bytes) {
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

    /** A message's header block, collected from its first lines up to the empty line that ends it. */
    private static final class HeaderBlock {
        private final ByteArrayOutputStream block = new ByteArrayOutputStream(4096);
        private boolean complete;

        void add(Line line) {
            if (complete) {
                return;
            }
            byte[] bytes = line.bytes();
            if (bytes.length == 0 || block.size() + bytes.length > MessageHeaders.MAX_HEADER_BYTES) {
                complete = true; // a line longer than held, or a block larger than any real one
                return;
            }
            block.write(bytes, 0, bytes.length);
            complete = bytes[0] == '\n' || (bytes[0] == '\r' && bytes.length > 1 && bytes[1] == '\n');
        }

        boolean complete() {
            return complete;
        }

        byte[] bytes() {
            return block.toByteArray();
        }
    }

    /** Reads lines as positions, holding only their first bytes and last four (all of a header line's, when asked). */
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

        Line next(boolean keepBytes) throws IOException {
            long start = position;
            StringBuilder head = new StringBuilder();
            ByteArrayOutputStream bytes = keepBytes ? new ByteArrayOutputStream(128) : null;
            int[] last = {-1, -1, -1, -1};
            int leadingGreater = 0;
            boolean counting = true;
            int b;
            while ((b = in.read()) >= 0) {
                position++;
                if (head.length() < MAX_SEPARATOR_CHARS) {
                    head.append((char) b); // ISO-8859-1: a From line is ASCII, anything else only needs to survive
                }
                if (bytes != null) {
                    if (bytes.size() < MessageHeaders.MAX_HEADER_BYTES) {
                        bytes.write(b);
                    } else {
                        bytes = null; // longer than any header block: never kept whole
                    }
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
            return new Line(start, position, shown, separator, quotedFrom, last,
                    bytes == null ? new byte[0] : unquoted(bytes.toByteArray(), quotedFrom));
        }

        /** A header line as the message has it: one '>' less when it is a quoted From line. */
        private static byte[] unquoted(byte[] line, boolean quotedFrom) {
            return quotedFrom ? Arrays.copyOfRange(line, 1, line.length) : line;
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
