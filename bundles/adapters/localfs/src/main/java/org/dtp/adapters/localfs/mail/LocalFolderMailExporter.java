package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.ChangeFeed;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars;
import org.dtp.formats.folder.MailSidecars;
import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.folder.MboxFolders;
import org.dtp.formats.mail.MboxReader;
import org.dtp.formats.mail.MessageHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exports the mail of a folder tree: every directory (at any depth) is a mail folder holding its {@code .eml}
 * files, every {@code .mbox} file a mail folder holding its messages (its sub-folders are in the directory
 * {@code <name>.sbd} beside it, as Thunderbird keeps them). Messages go out as their exact bytes; sidecars an
 * import left give back flags, keywords, labels, INTERNALDATE and the folder's special use. A re-run lists only the
 * {@code .eml} files and mbox files changed since the previous scan of their folder ({@link ChangeFeed}).
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderMailExporter",
        service = Exporter.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class LocalFolderMailExporter implements Exporter<MailFolder, MailMessage> {
    static final String MESSAGE_TYPE = MailSidecars.MESSAGE_TYPE;
    private static final Logger LOG = LoggerFactory.getLogger(LocalFolderMailExporter.class);
    /** The prefix of a mail folder's change feed name (then its id: a directory's or an mbox file's). */
    static final String FEED = "mail:";

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderMailExporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderMailExporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<MailFolder, MailMessage> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Path root = settings.sourceRoot(context.endpoint());
        Path folder = FolderLayout.resolve(root, cursor.containerId());
        try {
            if (Files.isRegularFile(folder, LinkOption.NOFOLLOW_LINKS) && MboxFolders.isMbox(folder.getFileName().toString())) {
                return mboxPage(context, root, folder, cursor);
            }
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                throw new AdapterException("the mail folder '" + cursor.containerId() + "' no longer exists in " + root);
            }
            List<MailFolder> folders = cursor.continuation() == null ? folders(root, folder) : List.of();
            ChangeFeed feed = ChangeFeed.open(context, FEED + FolderLayout.idOf(root, folder), folder, cursor.continuation() == null,
                    settings.changeTimeMargin());
            List<String> names = FolderLayout.fileNames(folder, cursor.continuation(), settings.pageSize() + 1, MailSidecars::isEml, feed);
            boolean more = names.size() > settings.pageSize();
            List<String> page = more ? names.subList(0, settings.pageSize()) : names;
            List<MailMessage> messages = new ArrayList<>(page.size());
            for (String name : page) {
                messages.add(emlMessage(root, folder.resolve(name)));
            }
            return new ExportPage<>(folders, messages, more ? page.get(page.size() - 1) : null);
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot read the mail folder '" + folder + "'", e);
        }
    }

    /**
     * A page of an mbox: continuation "offset:indexPosition", where the next message and its index line start. The
     * file is the unit of its change feed: unchanged since the previous scan, it gives no message (nor is it read).
     */
    private ExportPage<MailFolder, MailMessage> mboxPage(TransferContext context, Path root, Path mbox, ExportCursor cursor)
            throws IOException, AdapterException {
        long offset = 0;
        long indexPosition = 0;
        List<MailFolder> folders = List.of();
        if (cursor.continuation() == null) {
            Path children = MailFolders.childrenOf(mbox);
            folders = Files.isDirectory(children, LinkOption.NOFOLLOW_LINKS) ? folders(root, children) : List.of();
        } else {
            String[] parts = cursor.continuation().split(":");
            try {
                offset = Long.parseLong(parts[0]);
                indexPosition = parts.length > 1 ? Long.parseLong(parts[1]) : 0;
            } catch (NumberFormatException e) {
                throw new AdapterException("'" + cursor.continuation() + "' is no continuation of this adapter");
            }
        }
        String folderId = FolderLayout.idOf(root, mbox);
        ChangeFeed feed = ChangeFeed.open(context, FEED + folderId, mbox, cursor.continuation() == null, settings.changeTimeMargin());
        if (!feed.lists(mbox)) {
            return new ExportPage<>(folders, List.of(), null);
        }
        Mbox.Scan scan = Mbox.scan(mbox, offset, settings.pageSize());
        List<MailMessage> messages = new ArrayList<>(scan.entries().size());
        try (MboxIndex.Reader index = MboxIndex.Reader.open(mbox, indexPosition)) {
            for (MboxReader.Message entry : scan.entries()) {
                Optional<MessageSidecar> sidecar = index == null ? Optional.empty() : index.at(entry.offset());
                messages.add(MboxFolders.message(folderId, entry, sidecar, null));
            }
            String next = scan.next() < 0 ? null : scan.next() + ":" + (index == null ? 0 : index.position());
            return new ExportPage<>(folders, messages, next);
        }
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        Path root = settings.root(context.endpoint());
        String uri = ref.uri();
        // "folder/name.eml" (a name may hold '#'), or "folder/name.mbox#offset,size"
        int hash = MailSidecars.isEml(uri) ? -1 : uri.lastIndexOf('#');
        Path file = FolderLayout.resolve(root, hash < 0 ? uri : uri.substring(0, hash));
        String name = file.getFileName().toString();
        if (FolderLayout.ignored(name) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ItemRejectedException("the message '" + uri + "' no longer exists in " + root);
        }
        try {
            if (hash < 0) {
                if (!MailSidecars.isEml(name)) {
                    throw new ItemRejectedException("'" + uri + "' is not a message file of this folder");
                }
                return Files.newInputStream(file);
            }
            MboxFolders.MessageAt at = MboxFolders.MessageAt.parse(uri);
            long contentStart = Mbox.contentStart(file, at.offset());
            if (contentStart < 0) {
                throw new ItemRejectedException("the mbox '" + file.getFileName() + "' has no message at " + at.offset()
                        + " any more (was it changed since the export began?)");
            }
            return Mbox.open(file, contentStart, at.size());
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot read the message '" + uri + "'", e);
        }
    }

    /** The mail folders directly in {@code dir}: sub-directories and mbox files, by name. */
    private static List<MailFolder> folders(Path root, Path dir) throws IOException {
        List<MailFolder> folders = new ArrayList<>();
        for (Path path : MailFolders.children(dir)) {
            folders.add(folder(root, path));
        }
        return folders;
    }

    private static MailFolder folder(Path root, Path path) {
        String fileName = path.getFileName().toString();
        boolean mbox = Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS);
        Optional<MailFolderSidecar> sidecar = quietly(() -> mbox ? MboxIndex.header(path) : Sidecars.readMailFolder(path), path);
        String id = FolderLayout.idOf(root, path);
        return MailSidecars.folder(id, fileName, mbox ? MboxFolders.stem(fileName) : fileName, MboxFolders.fullPath(id), sidecar);
    }

    private static MailMessage emlMessage(Path root, Path file) {
        String id = FolderLayout.idOf(root, file);
        long size = -1;
        MessageHeaders headers = MessageHeaders.of(new byte[0]);
        try (InputStream in = Files.newInputStream(file)) {
            size = Files.size(file);
            headers = MessageHeaders.read(in);
        } catch (IOException e) {
            LOG.debug("headers of {} not read: {}", file, e.toString()); // copying it will report the failure
        }
        String name = file.getFileName().toString();
        Optional<MessageSidecar> sidecar = quietly(() -> Sidecars.readMessage(file), file)
                .filter(s -> name.equals(s.storedName()));
        return MailSidecars.message(id, new MediaRef(id, MESSAGE_TYPE, size), headers, sidecar, null, size);
    }

    private interface SidecarRead<T> {
        Optional<T> read() throws IOException;
    }

    /** A sidecar that cannot be read only costs its metadata, never the export. */
    private static <T> Optional<T> quietly(SidecarRead<T> read, Path path) {
        try {
            return read.read();
        } catch (IOException e) {
            LOG.debug("sidecar of {} not read: {}", path, e.toString());
            return Optional.empty();
        }
    }
}
