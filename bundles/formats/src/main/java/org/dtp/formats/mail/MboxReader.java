package org.dtp.formats.mail;

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
        LineReader lines = new LineReader(in, offset);
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
     * Where the message whose "From " line starts at {@code offset} begins (the byte after that line), reading
     * {@code in} (not closed here) from {@code offset - 1}, the line feed that ends the line before, or from 0 when
     * {@code offset} is 0; -1 when no "From " line starts there (or {@code in} ends first). Since 1.2.
     */
    public static long contentStart(InputStream in, long offset) throws IOException {
        if (offset < 0 || (offset > 0 && in.read() != '\n')) {
            return -1; // not at the start of a line
        }
        byte[] start = in.readNBytes(FROM.length);
        if (!Arrays.equals(start, FROM)) {
            return -1;
        }
        long position = offset + FROM.length;
        int b;
        while ((b = in.read()) >= 0) {
            position++;
            if (b == '\n') {
                return position;
            }
        }
        return position;
    }

    /**
     * The message whose stored bytes {@code stored} starts at (its {@code contentStart}), unquoted, {@code size} bytes
     * of it; closing it closes {@code stored}.
     */
    public static InputStream message(InputStream stored, long size) {
        return new MessageStream(stored, size);
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

    /**
     * Reads lines as positions, in bulk, holding only their first bytes and last four (all of a header line's, when
     * asked); a line's text is made only for a "From " line.
     */
    private static final class LineReader {
        private final InputStream in;
        private final byte[] buffer = new byte[BUFFER_BYTES];
        private final byte[] prefix = new byte[MAX_SEPARATOR_CHARS];
        private int pos;
        private int end;
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
            ByteArrayOutputStream kept = keepBytes ? new ByteArrayOutputStream(128) : null;
            int prefixLength = 0;
            int[] last = {-1, -1, -1, -1};
            boolean ended = false;
            while (!ended) {
                if (pos == end) {
                    end = Math.max(0, in.read(buffer, 0, buffer.length));
                    pos = 0;
                    if (end == 0) {
                        break;
                    }
                }
                int from = pos;
                while (pos < end && buffer[pos] != '\n') {
                    pos++;
                }
                if (pos < end) {
                    pos++; // the line feed belongs to the line
                    ended = true;
                }
                int length = pos - from;
                int toPrefix = Math.min(length, prefix.length - prefixLength);
                System.arraycopy(buffer, from, prefix, prefixLength, toPrefix);
                prefixLength += toPrefix;
                if (kept != null) {
                    if (kept.size() + length <= MessageHeaders.MAX_HEADER_BYTES) {
                        kept.write(buffer, from, length);
                    } else {
                        kept = null; // longer than any header block: never kept whole
                    }
                }
                for (int i = Math.max(from, pos - 4); i < pos; i++) {
                    System.arraycopy(last, 1, last, 0, 3);
                    last[3] = buffer[i] & 0xff;
                }
                position += length;
            }
            if (position == start) {
                return null;
            }
            boolean separator = startsWithFrom(prefix, 0, prefixLength);
            int leadingGreater = 0;
            while (leadingGreater < prefixLength && prefix[leadingGreater] == '>') {
                leadingGreater++;
            }
            boolean quotedFrom = leadingGreater > 0 && startsWithFrom(prefix, leadingGreater, prefixLength);
            String text = null;
            if (separator) {
                int textLength = prefixLength;
                while (textLength > 0 && (prefix[textLength - 1] == '\n' || prefix[textLength - 1] == '\r')) {
                    textLength--;
                }
                text = new String(prefix, 0, textLength, StandardCharsets.ISO_8859_1); // a From line is ASCII
            }
            byte[] bytes = kept == null ? new byte[0] : kept.toByteArray();
            return new Line(start, position, text, separator, quotedFrom, last,
                    quotedFrom ? Arrays.copyOfRange(bytes, Math.min(1, bytes.length), bytes.length) : bytes);
        }

        private static boolean startsWithFrom(byte[] line, int at, int length) {
            if (length - at < FROM.length) {
                return false;
            }
            for (int i = 0; i < FROM.length; i++) {
                if (line[at + i] != FROM[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * A message's stored bytes with one '>' removed from every line that matches {@code >+From }, {@code size}
     * bytes of it, read in bulk: a line is copied whole once its start is known not to be a quoted From line. It
     * reads ahead of what it gives only as far as the message's own stored bytes go (they are never fewer than the
     * bytes still to give, less those it holds), so the stream under it stands within the message when it is closed.
     */
    private static final class MessageStream extends InputStream {
        private final InputStream in;
        private final byte[] buffer = new byte[BUFFER_BYTES];
        private final byte[] pending = new byte[FROM.length + 1];
        private int pos;
        private int end;
        private int pendingStart;
        private int pendingEnd;
        private long left;
        private boolean lineStart = true;
        private boolean holding; // one '>' kept back: it goes if the line turns out to be a quoted From line
        private int matched;     // how much of "From " followed the '>' run
        private boolean eof;

        MessageStream(InputStream in, long size) {
            this.in = in;
            this.left = size;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int wanted = (int) Math.min(len, left);
            int n = 0;
            while (n < wanted) {
                if (pendingStart < pendingEnd) {
                    int k = Math.min(wanted - n, pendingEnd - pendingStart);
                    System.arraycopy(pending, pendingStart, b, off + n, k);
                    pendingStart += k;
                    n += k;
                    continue;
                }
                if (eof) {
                    break;
                }
                pendingStart = 0;
                pendingEnd = 0;
                if (lineStart || holding || matched > 0) {
                    step(left - n);
                    continue;
                }
                if (pos == end && !fill(left - n)) {
                    eof = true;
                    continue;
                }
                int from = pos;
                int limit = Math.min(end, pos + (wanted - n));
                while (pos < limit && buffer[pos] != '\n') {
                    pos++;
                }
                if (pos < limit) {
                    pos++;
                    lineStart = true;
                }
                System.arraycopy(buffer, from, b, off + n, pos - from);
                n += pos - from;
            }
            left -= n;
            return n == 0 ? -1 : n;
        }

        /** Refills the buffer with at most the bytes the message still has stored; false at the end of the stream. */
        private boolean fill(long toGive) throws IOException {
            long held = (pendingEnd - pendingStart) + (holding ? 1 : 0) + matched;
            int want = (int) Math.min(buffer.length, Math.max(1, toGive - held));
            int read = in.read(buffer, 0, want);
            pos = 0;
            end = Math.max(0, read);
            return read > 0;
        }

        /** One byte at a line's start, through the quoting state machine. */
        private void step(long toGive) throws IOException {
            if (pos == end && !fill(toGive)) {
                eof = true;
                release();
                return;
            }
            int b = buffer[pos++] & 0xff;
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
}
