package org.dtp.formats.folder;

import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Reads the index an import keeps beside an mbox ({@link MboxFolders#indexName}): JSON lines, the first the folder's
 * {@link MailFolderSidecar}, then one {@link MessageSidecar} per message in the order they were appended, each with
 * the offset of its "From " line. An export walks it alongside the mbox: both are in append order, so one pass over
 * each suffices, and a page resumes both where the previous one ended. Moved from the local folder adapter,
 * unchanged. Since 1.1.
 */
public final class MboxIndexReader {
    private final InputStream in;
    private long position;
    private long nextStart;
    private MessageSidecar next;

    /** A reader of the index {@code in} (not closed here), which is at byte {@code position} of it (0: its start). */
    public MboxIndexReader(InputStream in, long position) {
        this.in = in;
        this.position = position;
    }

    /** The folder line of an index {@code in} (at its start; not closed here); empty when it is none of ours. */
    public static Optional<MailFolderSidecar> header(InputStream in) throws IOException {
        byte[] line = readLine(in);
        return line == null ? Optional.empty() : SidecarJson.parse(line, MailFolderSidecar.class, MailSidecars.FOLDER_FORMAT);
    }

    /** A line with its line feed, or null at the end; a line longer than a sidecar can be is cut off there. */
    public static byte[] readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        int b;
        while ((b = in.read()) >= 0) {
            if (line.size() < SidecarJson.MAX_SIDECAR_BYTES) {
                line.write(b);
            }
            if (b == '\n') {
                break;
            }
        }
        return line.size() == 0 ? null : line.toByteArray();
    }

    /** The line of the message whose "From " line is at {@code offset}, skipping those before it; empty if none. */
    public Optional<MessageSidecar> at(long offset) throws IOException {
        while (true) {
            if (next == null) {
                byte[] line = readLine(in);
                if (line == null || line[line.length - 1] != '\n') {
                    return Optional.empty(); // the end, or a line a crash cut short
                }
                nextStart = position;
                position += line.length;
                next = SidecarJson.parse(line, MessageSidecar.class, MailSidecars.MESSAGE_FORMAT).orElse(null);
                if (next == null || next.offset() == null) {
                    next = null; // the folder line, or not ours
                    continue;
                }
            }
            if (next.offset() > offset) {
                return Optional.empty();
            }
            MessageSidecar found = next;
            next = null;
            if (found.offset() == offset) {
                return Optional.of(found);
            }
        }
    }

    /** Where the next unread line starts (the one looked at but not used counts as unread). */
    public long position() {
        return next == null ? position : nextStart;
    }
}
