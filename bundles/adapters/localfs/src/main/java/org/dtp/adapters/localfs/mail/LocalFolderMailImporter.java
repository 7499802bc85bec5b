package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.DiskWrites;
import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars;
import org.dtp.adapters.localfs.DiskWrites.Copied;
import org.dtp.adapters.localfs.LocalFolderSettings.MailFormat;
import org.dtp.formats.folder.MailSidecars;
import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.folder.MboxFolders;
import org.dtp.formats.folder.SidecarJson;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Imports mail into a folder tree. Each mail folder becomes a directory (endpoint setting {@code mailFormat=eml},
 * the default) holding one {@code .eml} file per message, or an mbox file ({@code mailFormat=mbox}); either way
 * the message's bytes are streamed and stored exactly, and a sidecar keeps what the format cannot hold (flags,
 * keywords, labels, INTERNALDATE, the folder's special use). A message's file name derives from its idempotency
 * key, so a repeated key finds it; it is written to a hidden temp file and renamed into place, whole or not at all.
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderMailImporter",
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class LocalFolderMailImporter implements Importer<MailFolder, MailMessage> {
    private static final byte[] LINE_FEED = {'\n'};
    /** A message that does not end with a line feed gets one before the empty line (the index keeps its size). */
    private static final byte[] EMPTY_LINE_AFTER_LAST = {'\n', '\n'};

    private final LocalFolderSettings settings;
    /** One writer at a time per mbox file (appends must not interleave). */
    private final Map<Path, Object> mboxLocks = new ConcurrentHashMap<>();

    @Activate
    public LocalFolderMailImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderMailImporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        settings.checkDestination(destination);
        LocalFolderSettings.mailFormat(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, MailFolder folder, String parentId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        MailFormat format = LocalFolderSettings.mailFormat(context.endpoint());
        Path parent = parentDirectory(root, parentId);
        String name = FileNames.sanitise(folder.name(), "Folder");
        try {
            Path created = format == MailFormat.MBOX
                    ? claimMbox(parent, name, idempotencyKey, folder)
                    : DiskWrites.claimFolder(settings.syncToDisk(), parent, name, idempotencyKey, FolderLayout.MAIL_FOLDER_SIDECAR,
                    candidate -> Sidecars.readMailFolder(candidate).map(MailFolderSidecar::idempotencyKey),
                    folderName -> new MailFolderSidecar(idempotencyKey, folder, folderName));
            return FolderLayout.idOf(root, created);
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the mail folder '" + name + "' in " + parent, e);
        }
    }

    /** Where sub-folders of {@code parentId} go: its directory, or the {@code .sbd} directory beside an mbox. */
    private static Path parentDirectory(Path root, String parentId) throws AdapterException {
        Path parent = FolderLayout.resolve(root, parentId);
        if (Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
            return parent;
        }
        if (!Files.isRegularFile(parent, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("the mail folder '" + parentId + "' does not exist in " + root);
        }
        Path children = MailFolders.childrenOf(parent);
        try {
            Files.createDirectory(children);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(children, LinkOption.NOFOLLOW_LINKS)) {
                throw new AdapterException("'" + children + "' should hold the sub-folders of '" + parentId + "' but is a file");
            }
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the folder for the sub-folders of '" + parentId + "'", e);
        }
        return children;
    }

    /**
     * The mbox file {@code name.mbox} (or "name (2).mbox", …) whose index names {@code key}, else a new one: its
     * index (holding the folder's sidecar) is written first, then the empty mbox is created.
     */
    private Path claimMbox(Path parent, String name, String key, MailFolder folder) throws IOException, AdapterException {
        for (int n = 1; n <= DiskWrites.MAX_NUMBERED; n++) {
            Path candidate = parent.resolve(FileNames.numberedFile(name + MboxFolders.EXTENSION, n));
            Path index = MboxIndex.indexOf(candidate);
            Optional<MailFolderSidecar> header = MboxIndex.header(candidate);
            if (header.map(MailFolderSidecar::idempotencyKey).filter(key::equals).isPresent()) {
                createEmpty(candidate); // a crash may have come between the index and the mbox
                return candidate;
            }
            if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS) || Files.exists(index, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                DiskWrites.writeWhole(settings.syncToDisk(), index,
                        SidecarJson.line(new MailFolderSidecar(key, folder, candidate.getFileName().toString())), false);
            } catch (FileAlreadyExistsException e) {
                n--; // another import took this name meanwhile: look at it again
                continue;
            }
            createEmpty(candidate);
            DiskWrites.syncFolder(settings.syncToDisk(), parent);
            return candidate;
        }
        throw new AdapterException("there are " + DiskWrites.MAX_NUMBERED + " mbox files named '" + name + "' in " + parent + " already");
    }

    private static void createEmpty(Path mbox) throws IOException {
        try {
            Files.createFile(mbox);
        } catch (FileAlreadyExistsException e) {
            // there already
        }
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MailMessage message, String containerId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        Path folder = FolderLayout.resolve(root, containerId);
        if (Files.isRegularFile(folder, LinkOption.NOFOLLOW_LINKS)) {
            return appendToMbox(context, root, folder, idempotencyKey, message);
        }
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("the mail folder '" + containerId + "' does not exist in " + root);
        }
        return writeEml(context, root, folder, idempotencyKey, message);
    }

    /** The message as {@code <name from key>.eml}: sidecar first, then the file renamed into place. */
    private String writeEml(ImportContext context, Path root, Path folder, String key, MailMessage message)
            throws AdapterException {
        String name = MailSidecars.emlName(key);
        Path target = folder.resolve(name);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return FolderLayout.idOf(root, target); // imported before: its sidecar was written first
        }
        Path temp = folder.resolve(FolderLayout.TEMP_PREFIX + UUID.randomUUID() + ".part");
        try {
            Copied copied = DiskWrites.copyFromSource(context, message.raw(), message.id(), temp, settings.syncToDisk());
            Sidecars.write(settings.syncToDisk(), FolderLayout.itemSidecar(target),
                    sidecarOf(key, message, name, null, null, copied), true);
            try {
                Files.move(temp, target);
            } catch (FileAlreadyExistsException e) {
                return FolderLayout.idOf(root, target); // a parallel attempt of the same key was quicker
            }
            DiskWrites.syncFolder(settings.syncToDisk(), folder);
            return FolderLayout.idOf(root, target);
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot write the message '" + message.id() + "' to " + folder, e);
        } finally {
            DiskWrites.deleteQuietly(temp);
        }
    }

    /**
     * Appends the message to an mbox: copied from the source to a temp file first (outside the lock), then, under
     * the lock, the mbox is brought back to what its index says is complete, a pending marker written, the message
     * appended (mboxrd-quoted) and forced to disk, its index line appended, its key file written, the marker removed. A crash at any point leaves either
     * no trace of it or a complete message that a retry finds.
     */
    private String appendToMbox(ImportContext context, Path root, Path mbox, String key, MailMessage message)
            throws AdapterException {
        String folderId = FolderLayout.idOf(root, mbox);
        Path keyFile = MboxIndex.keyFile(mbox, key);
        Path temp = mbox.resolveSibling(FolderLayout.TEMP_PREFIX + UUID.randomUUID() + ".part");
        try {
            Optional<MessageSidecar> done = Sidecars.readKeyFile(keyFile);
            if (done.isPresent()) {
                return folderId + "#" + done.get().offset();
            }
            Copied copied = DiskWrites.copyFromSource(context, message.raw(), message.id(), temp, settings.syncToDisk());
            synchronized (mboxLocks.computeIfAbsent(mbox, p -> new Object())) {
                long end = recover(mbox);
                done = Sidecars.readKeyFile(keyFile);
                if (done.isPresent()) {
                    return folderId + "#" + done.get().offset();
                }
                Path pending = MboxIndex.pendingOf(mbox);
                DiskWrites.writeWhole(settings.syncToDisk(), pending, Long.toString(end).getBytes(StandardCharsets.US_ASCII), true);
                long length = append(mbox, end, temp, message);
                MessageSidecar sidecar = sidecarOf(key, message, null, end, length, copied);
                try (FileChannel index = FileChannel.open(MboxIndex.indexOf(mbox), StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                    ByteBuffer line = ByteBuffer.wrap(SidecarJson.line(sidecar));
                    while (line.hasRemaining()) {
                        index.write(line);
                    }
                    if (settings.syncToDisk()) {
                        index.force(true);
                    }
                }
                writeKeyFile(mbox, keyFile, sidecar);
                Files.delete(pending);
                return folderId + "#" + end;
            }
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot append the message '" + message.id() + "' to " + mbox, e);
        } finally {
            DiskWrites.deleteQuietly(temp);
        }
    }

    /**
     * Where the mbox is complete by its index. An append a crash cut short (its pending marker is there, its index
     * line is not) is cut off; the key file of the last message is written if the crash came just before it. Bytes
     * past the end that are not ours (a mail program appended to the file) are never cut: the mbox is refused.
     */
    private long recover(Path mbox) throws IOException, AdapterException {
        byte[] last = MboxIndex.lastLine(MboxIndex.indexOf(mbox));
        if (last == null) {
            throw new AdapterException("the mbox '" + mbox + "' has lost its index; dtp appends only to mbox files it keeps an index of");
        }
        Optional<MessageSidecar> entry = SidecarJson.parse(last, MessageSidecar.class, MailSidecars.MESSAGE_FORMAT);
        long end = entry.map(e -> e.offset() + e.length()).orElse(0L);
        Path pending = MboxIndex.pendingOf(mbox);
        Long pendingAt = readPending(pending);
        try (FileChannel channel = FileChannel.open(mbox, StandardOpenOption.WRITE)) {
            if (pendingAt != null && pendingAt == end && channel.size() > end) {
                channel.truncate(end); // our append that never got its index line
                channel.force(true);
            }
            long size = channel.size();
            if (size != end) {
                throw new AdapterException("the mbox '" + mbox + "' has " + size + " bytes where its index says " + end
                        + ": it was changed outside dtp, so nothing more is appended to it");
            }
        }
        Files.deleteIfExists(pending);
        if (entry.isPresent()) {
            Path keyFile = MboxIndex.keyFile(mbox, entry.get().idempotencyKey());
            if (!Files.exists(keyFile, LinkOption.NOFOLLOW_LINKS)) {
                writeKeyFile(mbox, keyFile, entry.get());
            }
        }
        return end;
    }

    /** The offset a pending append started at; null when none is pending (or the marker is not ours). */
    private static Long readPending(Path pending) throws IOException {
        try {
            return Long.parseLong(Files.readString(pending, StandardCharsets.US_ASCII).strip());
        } catch (NoSuchFileException e) {
            return null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Writes "From " line, quoted message and the empty line that ends it at {@code end}; returns the bytes written. */
    private long append(Path mbox, long end, Path message, MailMessage model) throws IOException {
        boolean endsWithLineFeed;
        try (FileChannel last = FileChannel.open(message, StandardOpenOption.READ)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            endsWithLineFeed = last.size() > 0 && last.read(one, last.size() - 1) == 1 && one.get(0) == '\n';
        }
        try (FileChannel channel = FileChannel.open(mbox, StandardOpenOption.WRITE)) {
            channel.position(end);
            OutputStream buffered = new BufferedOutputStream(Channels.newOutputStream(channel), DiskWrites.COPY_BUFFER_BYTES);
            buffered.write((Mbox.separator(envelopeSender(model.from()), arrived(model)) + "\n").getBytes(StandardCharsets.US_ASCII));
            OutputStream quoting = Mbox.quoting(buffered);
            try (InputStream in = Files.newInputStream(message)) {
                in.transferTo(quoting);
            }
            quoting.flush();
            Mbox.finish(quoting);
            buffered.write(endsWithLineFeed ? LINE_FEED : EMPTY_LINE_AFTER_LAST);
            buffered.flush();
            if (settings.syncToDisk()) {
                channel.force(true);
            }
            return channel.position() - end;
        }
    }

    private void writeKeyFile(Path mbox, Path keyFile, MessageSidecar sidecar) throws IOException {
        Files.createDirectories(MboxIndex.keysOf(mbox));
        try {
            Sidecars.write(settings.syncToDisk(), keyFile, sidecar, false);
        } catch (FileAlreadyExistsException e) {
            // written by a retry that got there first: the same content
        }
    }

    /** The bare address of a From value ({@code Ann <ann@example.org>} → {@code ann@example.org}), for the "From " line. */
    static String envelopeSender(String from) {
        if (from == null) {
            return null;
        }
        int open = from.lastIndexOf('<');
        int close = from.lastIndexOf('>');
        return open >= 0 && close > open ? from.substring(open + 1, close).strip() : from.strip();
    }

    /** When the message arrived, for the "From " line: INTERNALDATE, else its Date, else the epoch (never "now": the line must not change between attempts). */
    private static Instant arrived(MailMessage message) {
        if (message.internalDate() != null) {
            return message.internalDate();
        }
        return message.date() != null ? message.date().toInstant() : Instant.EPOCH;
    }

    private static MessageSidecar sidecarOf(String key, MailMessage message, String storedName, Long offset, Long length,
                                            Copied copied) {
        return MessageSidecar.of(key, message, storedName, offset, length, copied.size(), copied.sha256());
    }
}
