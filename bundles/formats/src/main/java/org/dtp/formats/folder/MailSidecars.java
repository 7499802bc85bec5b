package org.dtp.formats.folder;

import org.dtp.formats.mail.MessageHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The mail part of the folder layout, as the local folder adapter began it (the format names say {@code localfs}; they
 * stay so that folders written before still read): a mail folder is a folder, its sidecar
 * {@value #FOLDER_SIDECAR}; a message is {@code <name from its idempotency key>.eml}, its exact bytes, with the sidecar
 * {@code <name>.eml.dtp.json} ({@link MediaSidecars#itemSidecarName}) keeping what the file cannot (flags, keywords,
 * labels, INTERNALDATE); the model of a folder and of a message from what a folder and its sidecars hold. Since 1.1.
 */
public final class MailSidecars {
    /** Hidden sidecar inside a mail folder an import created. */
    public static final String FOLDER_SIDECAR = ".dtp-mail-folder.json";
    public static final String FOLDER_FORMAT = "dtp.localfs.mail-folder";
    public static final String MESSAGE_FORMAT = "dtp.localfs.message";
    public static final int FORMAT_VERSION = 1;
    /** The extension of a message file (matched in any case). */
    public static final String EML = ".eml";
    public static final String MESSAGE_TYPE = "message/rfc822";

    private MailSidecars() {
    }

    /**
     * A mail folder's sidecar: {@value #FOLDER_SIDECAR} in a folder, or the first line of an mbox file's index.
     * {@code folderName} is the folder's or mbox file's name when it was written (a renamed folder's sidecar is not
     * read).
     */
    public record MailFolderSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                                    String name, String fullPath, String delimiter, SpecialUse specialUse,
                                    String specialUseText, String folderName) {
        public MailFolderSidecar(String idempotencyKey, MailFolder folder, String folderName) {
            this(FOLDER_FORMAT, FORMAT_VERSION, idempotencyKey, folder.id(), folder.name(), folder.fullPath(),
                    folder.delimiter(), folder.specialUse(), folder.specialUseText(), folderName);
        }
    }

    /**
     * What a message file cannot hold: {@code <storedName>.dtp.json} beside an {@code .eml}, or one line of an
     * mbox index (there with {@code offset}, where its "From " line starts, and {@code length}, the bytes it
     * takes in the mbox up to the next one; both null beside an .eml). {@code size} and {@code sha256} are the
     * message's own bytes.
     */
    public record MessageSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                                 String storedName, Long offset, Long length, long size, String sha256,
                                 MailFlags flags, List<String> labels, Instant internalDate) {
        public MessageSidecar {
            labels = labels == null ? List.of() : List.copyOf(labels);
        }

        /** The sidecar of {@code message} imported for {@code key}, whose bytes were {@code size} with {@code sha256}. */
        public static MessageSidecar of(String key, MailMessage message, String storedName, Long offset, Long length,
                                        long size, String sha256) {
            return new MessageSidecar(MESSAGE_FORMAT, FORMAT_VERSION, key, message.id(), storedName, offset, length, size,
                    sha256, message.flags(), message.labels(), message.internalDate());
        }
    }

    /** Whether {@code name} is a message file: {@code .eml} in any case. */
    public static boolean isEml(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(EML);
    }

    /** The name of the message file an import writes for {@code idempotencyKey} ({@link FileNames#fromKey}). */
    public static String emlName(String idempotencyKey) {
        return FileNames.fromKey(idempotencyKey, EML);
    }

    /**
     * The mail folder {@code id}: as its sidecar says when it has one written for the name it still has
     * ({@code fileName}), else {@code name} and {@code fullPath} (the folder's own, without what a file layout adds),
     * '/' as delimiter and INBOX as special use for a folder whose whole path is INBOX.
     */
    public static MailFolder folder(String id, String fileName, String name, String fullPath, Optional<MailFolderSidecar> sidecar) {
        Optional<MailFolderSidecar> ours = sidecar
                .filter(s -> fileName.equals(s.folderName()) && s.name() != null && !s.name().isBlank());
        if (ours.isPresent()) {
            MailFolderSidecar s = ours.get();
            boolean other = s.specialUse() == SpecialUse.OTHER;
            boolean known = !other || s.specialUseText() != null; // OTHER needs its text; a sidecar without it is read as none
            return new MailFolder(id, s.name(), s.fullPath() == null ? s.name() : s.fullPath(), s.delimiter(),
                    known ? s.specialUse() : null, known && other ? s.specialUseText() : null);
        }
        SpecialUse use = fullPath.equalsIgnoreCase("INBOX") ? SpecialUse.INBOX : null;
        return new MailFolder(id, name, fullPath, "/", use, null);
    }

    /**
     * The message {@code id} whose bytes {@code raw} refers to: the fields {@code headers} show, the flags, labels and
     * INTERNALDATE of its sidecar when it has one, else none and {@code arrived} (null when unknown).
     */
    public static MailMessage message(String id, MediaRef raw, MessageHeaders headers, Optional<MessageSidecar> sidecar,
                                      Instant arrived, long size) {
        return new MailMessage(id, raw, headers.messageId(), headers.subject(), headers.from(), headers.to(), headers.date(),
                sidecar.map(MessageSidecar::flags).orElse(null),
                sidecar.map(MessageSidecar::labels).orElse(List.of()),
                sidecar.map(MessageSidecar::internalDate).orElse(arrived),
                size);
    }
}
