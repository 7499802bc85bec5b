package org.dtp.adapters.localfs;

import org.dtp.formats.folder.MailSidecars;
import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.folder.MediaSidecars;
import org.dtp.formats.folder.MediaSidecars.AlbumSidecar;
import org.dtp.formats.folder.MediaSidecars.ItemSidecar;
import org.dtp.formats.folder.SidecarJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The JSON sidecars an import leaves beside what it wrote, so that a retried import finds its earlier
 * work (by idempotency key) and a later export of the folder gets the metadata back, in the JSON of the folder
 * layout ({@link SidecarJson}); the mail ones are the layout's ({@link MailSidecars}).
 */
public final class Sidecars {
    static final String ADDRESS_BOOK_FORMAT = "dtp.localfs.address-book";
    static final String CALENDAR_FORMAT = "dtp.localfs.calendar";
    static final String TASK_LIST_FORMAT = "dtp.localfs.task-list";
    public static final int FORMAT_VERSION = 1;
    private static final Logger LOG = LoggerFactory.getLogger(Sidecars.class);

    /**
     * The sidecar of an address book, calendar or task list directory an import created ({@code format} says which);
     * {@code color} and {@code timeZoneId} only for a calendar. {@code folderName} tells whether it was renamed since.
     */
    public record CollectionSidecar(String format, int formatVersion, String idempotencyKey, String sourceId, String name,
                             String description, String color, String timeZoneId, String folderName) {
    }

    private Sidecars() {
    }

    public static Optional<AlbumSidecar> readAlbum(Path folder) throws IOException {
        return read(folder.resolve(FolderLayout.ALBUM_SIDECAR), AlbumSidecar.class, MediaSidecars.ALBUM_FORMAT);
    }

    public static Optional<ItemSidecar> readItem(Path file) throws IOException {
        return read(FolderLayout.itemSidecar(file), ItemSidecar.class, MediaSidecars.ITEM_FORMAT);
    }

    static Optional<CollectionSidecar> readCollection(Path folder, String sidecarName, String format) throws IOException {
        return read(folder.resolve(sidecarName), CollectionSidecar.class, format);
    }

    public static Optional<MailFolderSidecar> readMailFolder(Path folder) throws IOException {
        return read(folder.resolve(FolderLayout.MAIL_FOLDER_SIDECAR), MailFolderSidecar.class, MailSidecars.FOLDER_FORMAT);
    }

    public static Optional<MessageSidecar> readMessage(Path file) throws IOException {
        return read(FolderLayout.itemSidecar(file), MessageSidecar.class, MailSidecars.MESSAGE_FORMAT);
    }

    /** The file an mbox import keeps per idempotency key ({@link org.dtp.adapters.localfs.mail.MboxIndex#keyFile}): the message's index line. */
    public static Optional<MessageSidecar> readKeyFile(Path keyFile) throws IOException {
        return read(keyFile, MessageSidecar.class, MailSidecars.MESSAGE_FORMAT);
    }

    /** The sidecar, or empty if there is none or it is not one of ours (logged). */
    private static <T> Optional<T> read(Path path, Class<T> type, String format) throws IOException {
        byte[] json;
        try {
            if (Files.size(path) > SidecarJson.MAX_SIDECAR_BYTES) {
                LOG.debug("ignoring {}: larger than a sidecar can be", path);
                return Optional.empty();
            }
            json = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        Optional<T> sidecar = SidecarJson.parse(json, type, format);
        if (sidecar.isEmpty()) {
            LOG.debug("ignoring {}: no readable {} sidecar", path, format);
        }
        return sidecar;
    }

    /** Writes a sidecar whole or not at all ({@link DiskWrites#writeWhole}). */
    public static void write(boolean sync, Path target, Object sidecar, boolean replace) throws IOException {
        DiskWrites.writeWhole(sync, target, SidecarJson.file(sidecar), replace);
    }
}
