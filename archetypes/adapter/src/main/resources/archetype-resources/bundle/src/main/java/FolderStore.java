package ${package};

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.ModelFormatException;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The example "service" this adapter talks to: a folder on the server, a sub-folder per container holding
 * {@code container.json}, an {@code <id>.json} per item (the canonical model as {@link ModelJson} writes it) and an
 * {@code <id>.<n>.media} file per media reference. Replace it with the client of your provider's API; keep what it
 * shows: ids derived from the idempotency key (a retry finds what the first attempt made), and nothing visible until
 * it is whole (files are written under a temporary name and moved into place, the item's JSON last).
 */
final class FolderStore {
    /** The one setting a user gives: the folder standing for their account. */
    static final String FOLDER = "folder";

    private static final String CONTAINER_FILE = "container.json";
    private static final String TEMP_PREFIX = ".tmp-";

    private final Path root;
    private final ModelJson json = new ModelJson();

    private FolderStore(Path root) {
        this.root = root;
    }

    /** The store of an endpoint's settings; the message of a refusal says what to fix. */
    static FolderStore of(TransferEndpoint endpoint) throws InvalidEndpointException {
        Path root = Path.of(endpoint.require(FOLDER)).toAbsolutePath().normalize();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidEndpointException("the folder '" + root + "' does not exist or is not a folder");
        }
        return new FolderStore(root);
    }

    /** The ids of every container, sorted, so that every export sees them in the same order. */
    List<String> containerIds() throws AdapterException {
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(p -> Files.isRegularFile(p.resolve(CONTAINER_FILE)))
                    .map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new TransientAdapterException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    <C extends ContainerModel> C container(String id, Class<C> type) throws AdapterException {
        return read(folder(id).resolve(CONTAINER_FILE), type);
    }

    /** Up to {@code limit} item ids of a container after {@code after} (null: from the first), sorted. */
    List<String> itemIds(String containerId, String after, int limit) throws AdapterException {
        try (Stream<Path> entries = Files.list(folder(containerId))) {
            return entries.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json") && !n.equals(CONTAINER_FILE) && !n.startsWith(TEMP_PREFIX))
                    .map(n -> n.substring(0, n.length() - ".json".length()))
                    .filter(id -> after == null || id.compareTo(after) > 0)
                    .sorted().limit(limit).toList();
        } catch (IOException e) {
            throw new TransientAdapterException("cannot list the container " + containerId + ": " + e.getMessage(), e);
        }
    }

    <I extends ItemModel> I item(String containerId, String itemId, Class<I> type) throws AdapterException {
        return read(folder(containerId).resolve(itemId + ".json"), type);
    }

    boolean hasItem(String containerId, String itemId) throws AdapterException {
        return Files.isRegularFile(folder(containerId).resolve(itemId + ".json"));
    }

    /** Creates the container of this key, or finds the one an earlier attempt created; its id. */
    String putContainer(String idempotencyKey, ContainerModel container) throws AdapterException {
        String id = idOf(idempotencyKey);
        Path folder = root.resolve(id);
        if (Files.isRegularFile(folder.resolve(CONTAINER_FILE))) {
            return id;
        }
        try {
            Files.createDirectories(folder);
            writeWhole(folder.resolve(CONTAINER_FILE), json.write(container));
            return id;
        } catch (IOException e) {
            throw new TransientAdapterException("cannot create the container " + id + ": " + e.getMessage(), e);
        }
    }

    /** Streams {@code in} into the media file of an item; the file appears only once every byte is in. */
    long putMedia(String containerId, String itemId, int index, InputStream in) throws IOException, AdapterException {
        Path target = folder(containerId).resolve(mediaName(itemId, index));
        Path temp = target.resolveSibling(TEMP_PREFIX + UUID.randomUUID());
        try {
            long copied = Files.copy(in, temp);
            move(temp, target);
            return copied;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Writes the item's model, the last step of an import: from now on the item is there. */
    void putItem(String containerId, String itemId, ItemModel item) throws AdapterException {
        try {
            writeWhole(folder(containerId).resolve(itemId + ".json"), json.write(item));
        } catch (IOException e) {
            throw new TransientAdapterException("cannot write the item " + itemId + ": " + e.getMessage(), e);
        }
    }

    /** The address of an item's media file, as the exporter hands it out in a MediaRef. */
    static String mediaUri(String containerId, String itemId, int index) {
        return containerId + "/" + mediaName(itemId, index);
    }

    InputStream openMedia(String uri) throws AdapterException, IOException {
        Path file = root.resolve(uri).normalize();
        if (!file.startsWith(root) || !file.getFileName().toString().endsWith(".media")) {
            throw new ItemRejectedException("'" + uri + "' is not a media file of this store");
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ItemRejectedException("the media '" + uri + "' are no longer there");
        }
        return Files.newInputStream(file);
    }

    /** A file-name-safe id from an idempotency key: the same key always gives the same id. */
    static String idOf(String idempotencyKey) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(idempotencyKey.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String mediaName(String itemId, int index) {
        return itemId + "." + index + ".media";
    }

    private Path folder(String containerId) throws AdapterException {
        Path folder = root.resolve(containerId).normalize();
        if (!folder.startsWith(root) || !Files.isRegularFile(folder.resolve(CONTAINER_FILE))) {
            throw new AdapterException("there is no container '" + containerId + "' in " + root);
        }
        return folder;
    }

    private <T extends org.dtp.models.DataModel> T read(Path file, Class<T> type) throws AdapterException {
        try {
            return json.read(Files.readString(file), type);
        } catch (ModelFormatException e) {
            throw new ItemRejectedException(file.getFileName() + " is not a valid " + type.getSimpleName() + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read " + file.getFileName() + ": " + e.getMessage(), e);
        }
    }

    private static void writeWhole(Path target, String text) throws IOException {
        Path temp = target.resolveSibling(TEMP_PREFIX + UUID.randomUUID());
        try {
            Files.writeString(temp, text);
            move(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
