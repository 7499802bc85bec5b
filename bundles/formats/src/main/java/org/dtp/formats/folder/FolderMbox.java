package org.dtp.formats.folder;

import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.mail.MboxReader;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The messages of an mbox file on a {@link FileTree}, read as the local folder adapter reads them ({@link MboxFolders},
 * {@link MboxReader}, {@link MboxIndexReader}): a page starts reading the mbox (and its index, when it has one) where
 * the previous one stopped, with a ranged read, so that no page reads what another did; its continuation is
 * {@code <offset>:<index position>:<version token>}. The version token is the store's version of the mbox
 * (base64url, so that it never holds the separators of a continuation or a message's address): a page or a message
 * read from an mbox that changed since is refused, since the offsets that are its messages' ids may no longer be.
 */
final class FolderMbox {
    private static final int BUFFER_BYTES = 64 * 1024;

    private FolderMbox() {
    }

    /** Whether {@code continuation} (of a mail folder's page) is one of an mbox's rather than a message file's name. */
    static boolean isContinuation(String continuation) {
        return continuation != null && !MailSidecars.isEml(continuation);
    }

    /**
     * A page of the mbox {@code mboxId}: up to {@code pageSize} messages from the continuation's offset ({@code null}:
     * the first page), after {@code folders} (the mbox's sub-folders, on its first page).
     */
    static Page page(FileTree tree, String mboxId, String continuation, int pageSize) throws AdapterException {
        long offset = 0;
        long indexPosition = 0;
        String expected = null;
        if (continuation != null) {
            String[] parts = continuation.split(":", 3);
            try {
                offset = Long.parseLong(parts[0]);
                indexPosition = Long.parseLong(parts[1]);
                expected = parts[2];
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new AdapterException("'" + continuation + "' is no continuation of an mbox");
            }
        }
        FileTree.Slice slice = tree.open(mboxId, offset)
                .orElseThrow(() -> new AdapterException("the mail folder '" + mboxId + "' no longer exists in " + tree.describe()));
        String version = token(slice.version());
        List<MboxReader.Message> entries = new ArrayList<>();
        long next;
        try (InputStream in = slice.bytes()) {
            if (expected != null && !expected.equals(version)) {
                throw new AdapterException(changed(tree, mboxId));
            }
            int limit = pageSize;
            next = MboxReader.scan(new BufferedInputStream(in, BUFFER_BYTES), offset, message -> {
                entries.add(message);
                return entries.size() < limit;
            });
        } catch (IOException e) {
            throw new TransientAdapterException("reading the mbox '" + mboxId + "' in " + tree.describe() + " failed: "
                    + e.getMessage(), e);
        }
        List<MailMessage> messages = new ArrayList<>(entries.size());
        long nextIndexPosition = indexPosition;
        String index = indexPath(mboxId);
        Optional<FileTree.Slice> indexSlice = entries.isEmpty() ? Optional.empty() : tree.open(index, indexPosition);
        try (InputStream indexBytes = indexSlice.map(FileTree.Slice::bytes).orElse(InputStream.nullInputStream())) {
            MboxIndexReader lines = indexSlice.isEmpty() ? null
                    : new MboxIndexReader(new BufferedInputStream(indexBytes), indexPosition);
            for (MboxReader.Message entry : entries) {
                Optional<MessageSidecar> sidecar = lines == null ? Optional.empty() : lines.at(entry.offset());
                messages.add(MboxFolders.message(mboxId, entry, sidecar, version));
            }
            nextIndexPosition = lines == null ? indexPosition : lines.position();
        } catch (IOException e) {
            throw new TransientAdapterException("reading '" + index + "' in " + tree.describe() + " failed: " + e.getMessage(), e);
        }
        return new Page(messages, next < 0 ? null : next + ":" + nextIndexPosition + ":" + version);
    }

    /** A page's messages and its continuation (null after the last). */
    record Page(List<MailMessage> messages, String continuation) {
    }

    /** The folder an mbox is, its index's first line (when it {@code hasIndex}) giving back what an import kept. */
    static MailFolder folder(FileTree tree, String id, String fileName, boolean hasIndex) throws AdapterException {
        Optional<FileTree.Slice> index = hasIndex ? tree.open(indexPath(id), 0) : Optional.empty();
        Optional<MailSidecars.MailFolderSidecar> sidecar = Optional.empty();
        if (index.isPresent()) {
            try (InputStream in = index.get().bytes()) {
                sidecar = MboxIndexReader.header(new BufferedInputStream(in));
            } catch (IOException e) {
                throw new TransientAdapterException("reading '" + indexPath(id) + "' in " + tree.describe() + " failed: "
                        + e.getMessage(), e);
            }
        }
        return MailSidecars.folder(id, fileName, MboxFolders.stem(fileName), MboxFolders.fullPath(id), sidecar);
    }

    /**
     * The bytes of the message at {@code uri} ({@code <mbox id>#<offset>,<size>,<version token>}), unquoted, read from
     * its offset on: refused when the mbox is gone, changed since it was listed, or has no message there.
     */
    static InputStream open(FileTree tree, String uri) throws AdapterException {
        MboxFolders.MessageAt at = MboxFolders.MessageAt.parse(uri);
        if (at.versionToken() == null) {
            throw new ItemRejectedException("'" + uri + "' names no message of an mbox");
        }
        String path = at.mbox();
        long offset = at.offset();
        FileTree.Slice slice = tree.open(path, offset > 0 ? offset - 1 : 0).orElseThrow(() -> new ItemRejectedException(
                "the mbox of the message '" + uri + "' no longer exists in " + tree.describe()));
        InputStream in = new BufferedInputStream(slice.bytes(), BUFFER_BYTES);
        try {
            if (!at.versionToken().equals(token(slice.version()))) {
                throw new ItemRejectedException(changed(tree, path));
            }
            if (MboxReader.contentStart(in, offset) < 0) {
                throw new ItemRejectedException("the mbox '" + path + "' in " + tree.describe() + " has no message at "
                        + offset + " any more");
            }
            return MboxReader.message(in, at.size());
        } catch (IOException e) {
            close(in);
            throw new TransientAdapterException("reading the message '" + uri + "' in " + tree.describe() + " failed: "
                    + e.getMessage(), e);
        } catch (AdapterException | RuntimeException e) {
            close(in);
            throw e;
        }
    }

    private static String changed(FileTree tree, String mboxId) {
        return "the mbox '" + mboxId + "' in " + tree.describe() + " changed since its export"
                + " began: its messages are known by their offsets, which it may no longer keep; export it again from its start";
    }

    private static String indexPath(String mboxId) {
        int slash = mboxId.lastIndexOf('/');
        return mboxId.substring(0, slash + 1) + MboxFolders.indexName(mboxId.substring(slash + 1));
    }

    private static String token(String version) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(version.getBytes(StandardCharsets.UTF_8));
    }

    private static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // the failure reported is the one that made us close it
        }
    }
}
