package org.dtp.adapters.localfs.mail;

import org.dtp.formats.folder.FileNames;
import org.dtp.formats.folder.MboxFolders;
import org.dtp.formats.folder.MboxIndexReader;
import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.folder.SidecarJson;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * The hidden index an import keeps beside an mbox file it writes, {@code .<name>.mbox.dtp-index.jsonl}: JSON
 * lines, the first the folder's {@link MailFolderSidecar}, then one {@link MessageSidecar} per message in the
 * order they were appended (what an mbox cannot hold: flags, labels, INTERNALDATE, the exact size). The end of
 * the last line's message is where the mbox is known to be complete; bytes past it are an append a crash cut
 * short. Beside it, {@code .<name>.mbox.dtp-keys/} holds one small file per idempotency key, so a retried import
 * finds its message without reading the index.
 */
final class MboxIndex {
    private MboxIndex() {
    }

    static Path indexOf(Path mbox) {
        return mbox.resolveSibling(MboxFolders.indexName(mbox.getFileName().toString()));
    }

    static Path keysOf(Path mbox) {
        return mbox.resolveSibling("." + mbox.getFileName() + ".dtp-keys");
    }

    /** Exists while an append is under way: holds the offset it started at, so a crash's half-append can be told from others' bytes. */
    static Path pendingOf(Path mbox) {
        return mbox.resolveSibling("." + mbox.getFileName() + ".dtp-pending");
    }

    static Path keyFile(Path mbox, String key) {
        return keysOf(mbox).resolve(FileNames.fromKey(key, ".json"));
    }

    /** The folder line of an mbox's index; empty when the mbox has no index of ours. */
    static Optional<MailFolderSidecar> header(Path mbox) throws IOException {
        try (InputStream in = Files.newInputStream(indexOf(mbox))) {
            return MboxIndexReader.header(in);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads an index's message lines in order from a byte position, for an export walking the mbox alongside
     * ({@link MboxIndexReader} over the file).
     */
    static final class Reader implements AutoCloseable {
        private final FileChannel channel;
        private final MboxIndexReader lines;

        /** A reader of the index of {@code mbox} from {@code position} (0 for the start); null when it has none. */
        static Reader open(Path mbox, long position) throws IOException {
            FileChannel channel;
            try {
                channel = FileChannel.open(indexOf(mbox), StandardOpenOption.READ);
            } catch (NoSuchFileException e) {
                return null;
            }
            channel.position(position);
            return new Reader(channel, position);
        }

        private Reader(FileChannel channel, long position) {
            this.channel = channel;
            this.lines = new MboxIndexReader(new BufferedInputStream(Channels.newInputStream(channel)), position);
        }

        /** The line of the message whose "From " line is at {@code offset}, skipping those before it; empty if none. */
        Optional<MessageSidecar> at(long offset) throws IOException {
            return lines.at(offset);
        }

        /** Where the next unread line starts (the one looked at but not used counts as unread). */
        long position() {
            return lines.position();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /**
     * The last complete line of the index, after cutting off a line a crash left half written; null when the
     * index is empty or missing.
     */
    static byte[] lastLine(Path index) throws IOException {
        try (FileChannel channel = FileChannel.open(index, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            long window = Math.min(size, SidecarJson.MAX_SIDECAR_BYTES + 1);
            ByteBuffer tail = ByteBuffer.allocate((int) window);
            channel.read(tail, size - window);
            byte[] bytes = tail.array();
            int end = bytes.length;
            while (end > 0 && bytes[end - 1] != '\n') {
                end--; // a line without its line feed was cut short
            }
            if (end < bytes.length) {
                channel.truncate(size - window + end);
                channel.force(true);
            }
            if (end == 0) {
                return null;
            }
            int start = end - 1;
            while (start > 0 && bytes[start - 1] != '\n') {
                start--;
            }
            return Arrays.copyOfRange(bytes, start, end);
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
