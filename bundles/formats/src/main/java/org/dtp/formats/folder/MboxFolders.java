package org.dtp.formats.folder;

import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.mail.MboxReader;
import org.dtp.formats.mail.MessageHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.ItemRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How mbox files lie in the folder layout, as the local folder adapter began it: an {@code X.mbox} file is a mail
 * folder, the folder {@code X.sbd} beside it holds its sub-folders (Thunderbird's convention), the hidden index an
 * import keeps beside it is {@code .X.mbox.dtp-index.jsonl} ({@link MboxIndexReader}); a message is known by the
 * offset of its "From " line ({@link #message}). Moved from the local folder adapter, unchanged. Since 1.1.
 */
public final class MboxFolders {
    public static final String EXTENSION = ".mbox";
    /** The folder beside {@code name.mbox} holding its sub-folders. */
    public static final String CHILDREN_SUFFIX = ".sbd";

    private MboxFolders() {
    }

    /** Whether {@code name} is an mbox file's: {@code .mbox} in any case, after at least one character. */
    public static boolean isMbox(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(EXTENSION) && name.length() > EXTENSION.length();
    }

    /** {@code Archive} for {@code Archive.mbox}. */
    public static String stem(String mboxName) {
        return mboxName.substring(0, mboxName.length() - EXTENSION.length());
    }

    /** {@code Archive.sbd} for {@code Archive.mbox}. */
    public static String childrenName(String mboxName) {
        return stem(mboxName) + CHILDREN_SUFFIX;
    }

    /** The {@code X.mbox} whose sub-folders a folder named {@code X.sbd} would hold; null for another name. */
    public static String mboxOfChildren(String folderName) {
        return folderName.endsWith(CHILDREN_SUFFIX)
                ? folderName.substring(0, folderName.length() - CHILDREN_SUFFIX.length()) + EXTENSION
                : null;
    }

    /** {@code .Archive.mbox.dtp-index.jsonl} for {@code Archive.mbox}. */
    public static String indexName(String mboxName) {
        return "." + mboxName + ".dtp-index.jsonl";
    }

    /** The folder path a person reads: the id without the .mbox and .sbd of the files that hold it. */
    public static String fullPath(String id) {
        List<String> parts = new ArrayList<>();
        for (String part : id.split("/")) {
            if (part.endsWith(CHILDREN_SUFFIX)) {
                part = part.substring(0, part.length() - CHILDREN_SUFFIX.length());
            } else if (isMbox(part)) {
                part = stem(part);
            }
            parts.add(part);
        }
        return String.join("/", parts);
    }

    /**
     * The message of the mbox {@code mboxId} that {@code entry} found, with its index line {@code sidecar} when there is
     * one: id {@code <mboxId>#<offset of its "From " line>}; raw bytes at {@code <id>,<size>}, then
     * {@code ,<versionToken>} when the store says what version of the mbox it read (null: none); the exact size from the
     * index line, else the convention's (the empty line before the next "From " line dropped); INTERNALDATE from the
     * index line, else from the "From " line.
     */
    public static MailMessage message(String mboxId, MboxReader.Message entry, Optional<MessageSidecar> sidecar,
                                      String versionToken) {
        long size = sidecar.map(MessageSidecar::size).orElse(entry.size());
        String id = mboxId + "#" + entry.offset();
        String uri = id + "," + size + (versionToken == null ? "" : "," + versionToken);
        return MailSidecars.message(id, new MediaRef(uri, MailSidecars.MESSAGE_TYPE, size), MessageHeaders.of(entry.headers()),
                sidecar, entry.arrived(), size);
    }

    /**
     * Where the raw bytes of a message of {@link #message} are: its mbox, the offset of its "From " line, its size and
     * the version token of the mbox it was read from (null when the reference has none).
     */
    public record MessageAt(String mbox, long offset, long size, String versionToken) {
        /** The message the raw reference {@code uri} names ({@code <mbox>#<offset>,<size>[,<versionToken>]}). */
        public static MessageAt parse(String uri) throws ItemRejectedException {
            int hash = uri.lastIndexOf('#');
            String[] at = hash < 0 ? new String[0] : uri.substring(hash + 1).split(",");
            try {
                long offset = Long.parseLong(at[0]);
                long size = Long.parseLong(at[1]);
                if (at.length <= 3 && offset >= 0) {
                    return new MessageAt(uri.substring(0, hash), offset, size, at.length == 3 ? at[2] : null);
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                // named below
            }
            throw new ItemRejectedException("'" + uri + "' names no message of an mbox");
        }
    }
}
