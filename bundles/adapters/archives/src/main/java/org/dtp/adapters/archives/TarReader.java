package org.dtp.adapters.archives;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a tar stream (POSIX ustar, with GNU long names and pax extended headers for paths and sizes, as GNU tar and
 * Takeout write them) one entry after the other, in 512-byte blocks, holding one header at a time. Written here
 * because the adapter depends on nothing beyond dtp's API and the JDK, which has no tar reader.
 */
final class TarReader implements AutoCloseable {
    private static final int BLOCK = 512;
    /** A long name or pax header larger than this is not a real archive's. */
    private static final int MAX_META_BYTES = 1024 * 1024;
    private final InputStream in;
    private final byte[] header = new byte[BLOCK];
    /** Bytes of the current entry's content not yet read, and the padding after it. */
    private long remaining;
    private long padding;

    TarReader(InputStream in) {
        this.in = in;
    }

    /** The next file or folder entry, given {@code index}; null at the end of the archive. */
    ArchiveEntry next(int index) throws IOException {
        skipFully(remaining + padding);
        remaining = 0;
        padding = 0;
        String longName = null;
        Long paxSize = null;
        while (true) {
            if (!readBlock()) {
                return null;
            }
            if (allZero(header)) {
                return null;
            }
            char type = (char) header[156];
            long size = number(124, 12);
            if (type == 'L' || type == 'x') {
                byte[] meta = readMeta(size);
                if (type == 'L') {
                    longName = cString(meta, 0, meta.length);
                } else {
                    String paxPath = pax(meta, "path");
                    if (paxPath != null) {
                        longName = paxPath;
                    }
                    String paxSizeValue = pax(meta, "size");
                    if (paxSizeValue != null) {
                        paxSize = Long.parseLong(paxSizeValue.strip());
                    }
                }
                continue;
            }
            if (type == 'g') {
                readMeta(size);
                continue;
            }
            String name = longName != null ? longName : ustarName();
            long entrySize = paxSize != null ? paxSize : size;
            boolean regular = type == '0' || type == '\0' || type == '7';
            boolean directory = type == '5' || name.endsWith("/");
            remaining = regular ? entrySize : 0;
            padding = regular ? (BLOCK - entrySize % BLOCK) % BLOCK : 0;
            if (!regular && !directory) {
                // Links, devices and FIFOs carry no bytes and no photo: listed with no content so they are counted.
                return new ArchiveEntry(index, name, 0, -1, false);
            }
            return new ArchiveEntry(index, name, regular ? entrySize : 0, -1, directory);
        }
    }

    /** The current entry's content, to its end; reading it is optional (the next {@link #next} skips what is left). */
    InputStream content() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (remaining <= 0) {
                    return -1;
                }
                int n = in.read(buffer, offset, (int) Math.min(length, remaining));
                if (n < 0) {
                    throw new EOFException("the tar ends inside an entry");
                }
                remaining -= n;
                return n;
            }

            @Override
            public void close() throws IOException {
                TarReader.this.close();
            }
        };
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private boolean readBlock() throws IOException {
        int read = in.readNBytes(header, 0, BLOCK);
        if (read == 0) {
            return false;
        }
        if (read < BLOCK) {
            throw new EOFException("the tar ends inside a header");
        }
        return true;
    }

    private byte[] readMeta(long size) throws IOException {
        if (size < 0 || size > MAX_META_BYTES) {
            throw new IOException("a tar extended header of " + size + " bytes");
        }
        byte[] meta = in.readNBytes((int) size);
        if (meta.length < size) {
            throw new EOFException("the tar ends inside an extended header");
        }
        skipFully((BLOCK - size % BLOCK) % BLOCK);
        return meta;
    }

    private void skipFully(long n) throws IOException {
        long left = n;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("the tar ends inside an entry");
                }
                skipped = 1;
            }
            left -= skipped;
        }
    }

    private String ustarName() {
        String name = cString(header, 0, 100);
        boolean ustar = new String(header, 257, 5, StandardCharsets.US_ASCII).equals("ustar");
        String prefix = ustar ? cString(header, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** An octal number, or (GNU, for sizes of 8 GiB and more) a base-256 one when the first byte's high bit is set. */
    private long number(int offset, int length) throws IOException {
        if ((header[offset] & 0x80) != 0) {
            long value = 0;
            for (int i = offset + 1; i < offset + length; i++) {
                value = (value << 8) | (header[i] & 0xff);
            }
            return value;
        }
        String text = cString(header, offset, length).strip();
        try {
            return text.isEmpty() ? 0 : Long.parseLong(text, 8);
        } catch (NumberFormatException e) {
            throw new IOException("not a tar header (size '" + text + "')");
        }
    }

    private static String pax(byte[] records, String key) {
        String text = new String(records, StandardCharsets.UTF_8);
        String found = null;
        for (String record : text.split("\n")) {
            int space = record.indexOf(' ');
            int equals = record.indexOf('=');
            if (space > 0 && equals > space && record.substring(space + 1, equals).equals(key)) {
                found = record.substring(equals + 1);
            }
        }
        return found;
    }

    private static String cString(byte[] bytes, int offset, int length) {
        int end = offset;
        while (end < offset + length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, offset, end - offset, StandardCharsets.UTF_8);
    }

    private static boolean allZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}
