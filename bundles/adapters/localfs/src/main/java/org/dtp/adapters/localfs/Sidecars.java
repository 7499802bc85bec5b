package org.dtp.adapters.localfs;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.formats.folder.MediaSidecars;
import org.dtp.formats.folder.MediaSidecars.AlbumSidecar;
import org.dtp.formats.folder.MediaSidecars.ItemSidecar;
import org.dtp.models.ModelJson;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.SpecialUse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The JSON sidecars an import leaves beside what it wrote, so that a retried import finds its earlier
 * work (by idempotency key) and a later export of the folder gets the metadata back. Written with the
 * models' mapper ({@link ModelJson#newObjectMapper()}: ISO-8601 times, no nulls, unknown fields ignored).
 */
public final class Sidecars {
    public static final String MAIL_FOLDER_FORMAT = "dtp.localfs.mail-folder";
    public static final String MESSAGE_FORMAT = "dtp.localfs.message";
    static final String ADDRESS_BOOK_FORMAT = "dtp.localfs.address-book";
    static final String CALENDAR_FORMAT = "dtp.localfs.calendar";
    static final String TASK_LIST_FORMAT = "dtp.localfs.task-list";
    public static final int FORMAT_VERSION = 1;
    /** Ours are a few KB; anything much larger was not written by us and is not read into memory. */
    public static final long MAX_SIDECAR_BYTES = 1 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(Sidecars.class);
    private static final ObjectMapper MAPPER = ModelJson.newObjectMapper();

    /**
     * A mail folder's sidecar: {@code .dtp-mail-folder.json} in a folder directory, or the first line of an mbox
     * file's index. {@code folderName} is the directory's or mbox file's name when it was written.
     */
    public record MailFolderSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                             String name, String fullPath, String delimiter, SpecialUse specialUse,
                             String specialUseText, String folderName) {
        public MailFolderSidecar(String idempotencyKey, MailFolder folder, String folderName) {
            this(MAIL_FOLDER_FORMAT, FORMAT_VERSION, idempotencyKey, folder.id(), folder.name(), folder.fullPath(),
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
    }

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
        return read(folder.resolve(FolderLayout.MAIL_FOLDER_SIDECAR), MailFolderSidecar.class, MAIL_FOLDER_FORMAT);
    }

    public static Optional<MessageSidecar> readMessage(Path file) throws IOException {
        return read(FolderLayout.itemSidecar(file), MessageSidecar.class, MESSAGE_FORMAT);
    }

    /** The file an mbox import keeps per idempotency key ({@link org.dtp.adapters.localfs.mail.MboxIndex#keyFile}): the message's index line. */
    public static Optional<MessageSidecar> readKeyFile(Path keyFile) throws IOException {
        return read(keyFile, MessageSidecar.class, MESSAGE_FORMAT);
    }

    /** One line of a JSON-lines file (an mbox index): the sidecar as compact JSON and a line feed. */
    public static byte[] line(Object sidecar) throws IOException {
        byte[] json = MAPPER.writeValueAsBytes(sidecar);
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        return line;
    }

    /** A line of an mbox index read back: the sidecar of {@code format}, or empty when it is not one. */
    public static <T> Optional<T> parseLine(byte[] line, Class<T> type, String format) {
        try {
            var tree = MAPPER.readTree(line);
            if (tree == null || !format.equals(tree.path("format").asText())) {
                return Optional.empty();
            }
            return Optional.of(MAPPER.treeToValue(tree, type));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The sidecar, or empty if there is none or it is not one of ours (logged). */
    private static <T> Optional<T> read(Path path, Class<T> type, String format) throws IOException {
        byte[] json;
        try {
            if (Files.size(path) > MAX_SIDECAR_BYTES) {
                LOG.debug("ignoring {}: larger than a sidecar can be", path);
                return Optional.empty();
            }
            json = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        try {
            var tree = MAPPER.readTree(json);
            if (tree == null || !format.equals(tree.path("format").asText())) {
                LOG.debug("ignoring {}: not a {} sidecar", path, format);
                return Optional.empty();
            }
            return Optional.of(MAPPER.treeToValue(tree, type));
        } catch (IOException | IllegalArgumentException e) {
            LOG.debug("ignoring unreadable sidecar {}: {}", path, e.toString());
            return Optional.empty();
        }
    }

    /** Writes a sidecar whole or not at all ({@link DiskWrites#writeWhole}). */
    public static void write(boolean sync, Path target, Object sidecar, boolean replace) throws IOException {
        DiskWrites.writeWhole(sync, target, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(sidecar), replace);
    }
}
