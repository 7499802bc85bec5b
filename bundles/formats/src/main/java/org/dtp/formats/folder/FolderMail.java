package org.dtp.formats.folder;

import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.formats.mail.MessageHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Mail in the folder layout's {@code eml} form ({@link MailSidecars}), as the local folder adapter writes it with
 * {@code mailFormat=eml}: every folder of the tree (at any depth; the root too) is a mail folder, its {@code .eml}
 * files its messages in name order, sub-folders nesting. An export also reads mbox files as the local folder adapter
 * does ({@link MboxFolders}): each {@code X.mbox} a mail folder, its messages in file order, a page read from where
 * the previous one ended ({@link FolderMbox}), its sub-folders in {@code X.sbd}; an import writes no mbox. A message goes out and in as its exact bytes, streamed; its
 * sidecar gives back flags, keywords, labels and INTERNALDATE, a folder's its name and special use. An import writes a
 * message's file, then its sidecar: the sidecar is what says the message is there whole, so a retry that finds it
 * (one small read) writes nothing, one that does not puts the file again. Since 1.1.
 */
public final class FolderMail implements FolderVertical<MailFolder, MailMessage> {
    /** Numbered names tried for a new mail folder ("Archive (2)", ...). */
    private static final int MAX_NUMBERED = 1000;

    @Override
    public ExportPage<MailFolder, MailMessage> export(FileTree tree, TransferContext context, ExportCursor cursor, int pageSize)
            throws AdapterException {
        String folder = cursor.isRoot() ? "" : cursor.containerId();
        String after = cursor.continuation();
        if (FolderMbox.isContinuation(after)) {
            FolderMbox.Page page = FolderMbox.page(tree, folder, after, pageSize);
            return new ExportPage<>(List.of(), page.messages(), page.continuation());
        }
        int slash = folder.lastIndexOf('/');
        String name = folder.substring(slash + 1);
        if (MboxFolders.isMbox(name)) {
            String parent = slash < 0 ? "" : folder.substring(0, slash);
            List<FileTree.Node> besides = tree.list(parent);
            if (besides.stream().anyMatch(n -> !n.folder() && n.name().equals(name))) {
                String childrenName = MboxFolders.childrenName(name);
                String children = join(parent, childrenName);
                List<MailFolder> folders = besides.stream().anyMatch(n -> n.folder() && n.name().equals(childrenName))
                        ? folders(tree, children, tree.list(children)) : List.of();
                FolderMbox.Page page = FolderMbox.page(tree, folder, null, pageSize);
                return new ExportPage<>(folders, page.messages(), page.continuation());
            }
        }
        List<MailFolder> folders = after == null ? folders(tree, folder, tree.list(folder)) : List.of();
        Listing listing = Listing.after(tree, folder, after, pageSize + 1);
        List<FileTree.Node> files = listing.messages();
        boolean more = files.size() > pageSize;
        List<FileTree.Node> page = more ? files.subList(0, pageSize) : files;
        List<MailMessage> messages = new ArrayList<>(page.size());
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (FileTree.Node file : page) {
            String id = join(folder, file.name());
            Optional<MessageHeaders> headers = headers(tree, id);
            if (headers.isEmpty()) {
                rejected.add(new ExportPage.Rejected(id, "'" + id + "' is no longer in " + tree.describe()));
                continue;
            }
            String sidecarName = MediaSidecars.itemSidecarName(file.name());
            Optional<MessageSidecar> sidecar = listing.mayHold(sidecarName)
                    ? sidecar(tree, join(folder, sidecarName), MessageSidecar.class, MailSidecars.MESSAGE_FORMAT)
                            .filter(s -> file.name().equals(s.storedName()))
                    : Optional.empty();
            messages.add(MailSidecars.message(id, new MediaRef(id, MailSidecars.MESSAGE_TYPE, file.size()), headers.get(),
                    sidecar, null, file.size()));
        }
        return new ExportPage<>(folders, messages, more ? page.get(page.size() - 1).name() : null, rejected);
    }

    /**
     * The files a page listed: its folder's files from after the last message of the page before on, up to 1,000 names
     * at a time ({@link FileTree#listFilesAfter}) until they hold one message more than the page (so that it knows
     * whether there is more), in the store's listing order, which the pages keep. A page of a large folder costs a
     * listing of its own part of it, not of the whole folder again. {@code last} is the last file listed when the
     * listing stopped before the folder's end, else null.
     */
    private record Listing(List<FileTree.Node> files, Set<String> names, String last) {
        /** Names asked for at once: the most one S3 ListObjectsV2 answer holds. */
        private static final int LISTED_AT_ONCE = 1000;

        static Listing after(FileTree tree, String folder, String after, int messages) throws AdapterException {
            List<FileTree.Node> files = new ArrayList<>();
            String from = after;
            int found = 0;
            while (found < messages) {
                List<FileTree.Node> part = tree.listFilesAfter(folder, from, LISTED_AT_ONCE);
                files.addAll(part);
                found += (int) part.stream().filter(Listing::isMessage).count();
                if (part.size() < LISTED_AT_ONCE) {
                    return new Listing(files, names(files), null);
                }
                from = part.get(part.size() - 1).name();
            }
            return new Listing(files, names(files), from);
        }

        private static boolean isMessage(FileTree.Node file) {
            return !MediaSidecars.ignored(file.name()) && MailSidecars.isEml(file.name());
        }

        private static Set<String> names(List<FileTree.Node> nodes) {
            return nodes.stream().map(FileTree.Node::name).collect(Collectors.toSet());
        }

        List<FileTree.Node> messages() {
            return files.stream().filter(Listing::isMessage).toList();
        }

        /**
         * Whether a file of that name may be in the folder: it was listed, or it may come after what was listed. Where
         * a character above U+FFFF is in either name, stores differ on which comes first ({@link FileTree#compareNames}),
         * so such a file may be there.
         */
        boolean mayHold(String name) {
            if (names.contains(name)) {
                return true;
            }
            return last != null && (FileTree.compareNames(name, last) > 0 || hasSupplementary(name) || hasSupplementary(last));
        }

        private static boolean hasSupplementary(String name) {
            return name.codePoints().anyMatch(Character::isSupplementaryCodePoint);
        }
    }

    /**
     * The mail folders among the nodes of {@code folder}, by name: its folders (but an {@code X.sbd} beside a file
     * {@code X.mbox}, which holds that mbox's sub-folders) and its mbox files.
     */
    private static List<MailFolder> folders(FileTree tree, String folder, List<FileTree.Node> nodes) throws AdapterException {
        Set<String> files = nodes.stream().filter(n -> !n.folder()).map(FileTree.Node::name).collect(Collectors.toSet());
        Set<String> mboxes = files.stream().filter(MboxFolders::isMbox).collect(Collectors.toSet());
        List<MailFolder> folders = new ArrayList<>();
        for (FileTree.Node node : sorted(nodes, n -> n.folder() ? !mboxes.contains(MboxFolders.mboxOfChildren(n.name()))
                : mboxes.contains(n.name()))) {
            String id = join(folder, node.name());
            folders.add(node.folder()
                    ? MailSidecars.folder(id, node.name(), node.name(), MboxFolders.fullPath(id),
                            sidecar(tree, join(id, MailSidecars.FOLDER_SIDECAR), MailFolderSidecar.class, MailSidecars.FOLDER_FORMAT))
                    : FolderMbox.folder(tree, id, node.name(), files.contains(MboxFolders.indexName(node.name()))));
        }
        return folders;
    }

    /** The nodes {@code accept} takes that are not ours or hidden, by name. */
    private static List<FileTree.Node> sorted(List<FileTree.Node> nodes, Predicate<FileTree.Node> accept) {
        return nodes.stream().filter(n -> !MediaSidecars.ignored(n.name()) && accept.test(n))
                .sorted(Comparator.comparing(FileTree.Node::name)).toList();
    }

    /** The header block of the message file {@code path}; empty when the file is gone. One that cannot be read has no fields. */
    private static Optional<MessageHeaders> headers(FileTree tree, String path) throws AdapterException {
        Optional<InputStream> opened = tree.open(path);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = opened.get()) {
            return Optional.of(MessageHeaders.read(in));
        } catch (IOException e) {
            // copying the message reports what is wrong with it; its headers only serve display
            return Optional.of(MessageHeaders.of(new byte[0]));
        }
    }

    @Override
    public InputStream openMedia(FileTree tree, MediaRef ref) throws AdapterException {
        String uri = ref.uri();
        if (!MailSidecars.isEml(uri)) {
            return FolderMbox.open(tree, uri);
        }
        String name = uri.substring(uri.lastIndexOf('/') + 1);
        if (MediaSidecars.ignored(name) || !MailSidecars.isEml(name)) {
            throw new ItemRejectedException("'" + uri + "' is not a message file of this adapter");
        }
        return tree.open(uri).orElseThrow(() -> new ItemRejectedException("the message '" + uri + "' no longer exists in "
                + tree.describe()));
    }

    @Override
    public String importContainer(FileTree tree, ImportContext context, String idempotencyKey, MailFolder folder)
            throws AdapterException {
        return importContainer(tree, context, idempotencyKey, folder, null);
    }

    /**
     * The folder {@code name} (or "name (2)", ...) in the parent whose sidecar holds {@code idempotencyKey}, else a new
     * one with its sidecar. A folder of that name without a sidecar and empty is one an attempt that ended early made:
     * it is taken; folders of other keys, and files, keep their names.
     */
    @Override
    public String importContainer(FileTree tree, ImportContext context, String idempotencyKey, MailFolder folder, String parentId)
            throws AdapterException {
        String parent = parentId == null ? "" : parentId;
        String name = FileNames.sanitise(folder.name(), "Folder");
        Map<String, FileTree.Node> there = tree.list(parent).stream()
                .collect(Collectors.toMap(FileTree.Node::name, Function.identity(), (a, b) -> a));
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            String candidate = FileNames.numberedFolder(name, n);
            String path = join(parent, candidate);
            FileTree.Node node = there.get(candidate);
            if (node != null && !node.folder()) {
                continue;
            }
            byte[] ours = SidecarJson.file(new MailFolderSidecar(idempotencyKey, folder, candidate));
            String sidecarPath = join(path, MailSidecars.FOLDER_SIDECAR);
            if (node == null && tree.makeFolder(path)) {
                tree.put(sidecarPath, ours, "application/json");
                return path;
            }
            Optional<MailFolderSidecar> found = sidecar(tree, sidecarPath, MailFolderSidecar.class, MailSidecars.FOLDER_FORMAT);
            if (found.map(MailFolderSidecar::idempotencyKey).filter(idempotencyKey::equals).isPresent()) {
                return path;
            }
            if (found.isEmpty() && tree.list(path).isEmpty()) {
                tree.put(sidecarPath, ours, "application/json");
                return path;
            }
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " folders named like '" + name + "' in '" + parent
                + "' of " + tree.describe());
    }

    @Override
    public String importItem(FileTree tree, ImportContext context, String idempotencyKey, MailMessage message, String containerId)
            throws AdapterException {
        String name = MailSidecars.emlName(idempotencyKey);
        String path = join(containerId == null ? "" : containerId, name);
        if (messageSidecar(tree, path).isPresent()) {
            return path; // written whole by an earlier attempt with this key
        }
        write(tree, context, idempotencyKey, message, path);
        return path;
    }

    /**
     * The message's bytes and sidecar (its flags, labels) put again at its file; {@code ItemNotUpdatableException} when
     * the file is gone. A message is its bytes: a header field the model gives otherwise than they say is reported as
     * not kept.
     */
    @Override
    public String updateItem(FileTree tree, ImportContext context, String idempotencyKey, MailMessage message, String destinationId)
            throws AdapterException {
        if (messageSidecar(tree, destinationId).isEmpty()) {
            throw new ItemNotUpdatableException("the message '" + destinationId + "' is no longer in " + tree.describe());
        }
        write(tree, context, idempotencyKey, message, destinationId);
        MessageHeaders kept = headers(tree, destinationId)
                .orElseThrow(() -> new TransientAdapterException("the message '" + destinationId + "' written is gone", null));
        report(context, message, "messageId", message.messageId(), kept.messageId());
        report(context, message, "subject", message.subject(), kept.subject());
        report(context, message, "from", message.from(), kept.from());
        report(context, message, "to", message.to(), kept.to());
        report(context, message, "date", message.date(), kept.date());
        return destinationId;
    }

    private static void report(ImportContext context, MailMessage message, String field, Object given, Object inBytes) {
        if (!Objects.equals(given, inBytes)) {
            context.reportNotKept(message.id(), field, "'" + given + "' is not what the message's own header says ('"
                    + inBytes + "'): a message is kept as its bytes");
        }
    }

    /** The sidecar an import wrote for the message file {@code path}, when there is one. */
    private static Optional<MessageSidecar> messageSidecar(FileTree tree, String path) throws AdapterException {
        String name = path.substring(path.lastIndexOf('/') + 1);
        return sidecar(tree, path + MediaSidecars.ITEM_SIDECAR_SUFFIX, MessageSidecar.class, MailSidecars.MESSAGE_FORMAT)
                .filter(s -> name.equals(s.storedName()));
    }

    /** Streams the message's bytes from the source to {@code path} (counted, hashed), then puts its sidecar. */
    private static void write(FileTree tree, ImportContext context, String key, MailMessage message, String path)
            throws AdapterException {
        MediaRef raw = message.raw();
        MessageDigest sha256 = sha256();
        long size;
        try (InputStream source = context.openMedia(raw);
             Counted counted = new Counted(new DigestInputStream(source, sha256))) {
            tree.put(path, counted, raw.size(), MailSidecars.MESSAGE_TYPE);
            size = counted.count;
        } catch (IOException e) {
            throw new TransientAdapterException("reading the bytes of '" + message.id() + "' at the source failed: " + e.getMessage(), e);
        }
        if (raw.size() >= 0 && raw.size() != size) {
            throw new TransientAdapterException("the source sent " + size + " bytes of '" + message.id() + "' but announced "
                    + raw.size(), null);
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        MessageSidecar sidecar = MessageSidecar.of(key, message, name, null, null, size, HexFormat.of().formatHex(sha256.digest()));
        tree.put(path + MediaSidecars.ITEM_SIDECAR_SUFFIX, SidecarJson.file(sidecar), "application/json");
    }

    /** The sidecar at {@code path} when it is one of {@code format}; a file that is not (too large, not JSON) is none. */
    private static <T> Optional<T> sidecar(FileTree tree, String path, Class<T> type, String format) throws AdapterException {
        Optional<InputStream> opened = tree.open(path);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = opened.get()) {
            byte[] bytes = in.readNBytes((int) SidecarJson.MAX_SIDECAR_BYTES + 1);
            return bytes.length > SidecarJson.MAX_SIDECAR_BYTES ? Optional.empty() : SidecarJson.parse(bytes, type, format);
        } catch (IOException e) {
            throw new TransientAdapterException("reading '" + path + "' in " + tree.describe() + " failed: " + e.getMessage(), e);
        }
    }

    private static String join(String folder, String name) {
        return folder.isEmpty() ? name : folder + "/" + name;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Counts the bytes read through it (a tree reads a body, it does not skip in it). */
    private static final class Counted extends FilterInputStream {
        long count;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
