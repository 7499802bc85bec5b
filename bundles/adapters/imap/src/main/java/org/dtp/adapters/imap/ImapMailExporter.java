package org.dtp.adapters.imap;

import jakarta.mail.Address;
import jakarta.mail.FetchProfile;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.UIDFolder;
import org.dtp.formats.mail.MailHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.eclipse.angus.mail.imap.IMAPInputStream;
import org.eclipse.angus.mail.imap.IMAPMessage;
import org.eclipse.angus.mail.imap.ResyncData;
import org.eclipse.angus.mail.iap.Response;
import org.eclipse.angus.mail.imap.protocol.BODY;
import org.eclipse.angus.mail.imap.protocol.FetchResponse;
import org.eclipse.angus.mail.imap.protocol.UID;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Exports an IMAP account's folders and messages. The root's page lists the top-level folders; a folder's first
 * page lists its sub-folders. Messages page in UID order, {@code pageSize} at a time; the continuation holds the
 * folder's UIDVALIDITY and the last UID exported, so a resumed export goes on after that message, and a folder whose
 * UIDVALIDITY changed (its messages were renumbered) starts again from its first message. Folders are only ever
 * EXAMINEd (read-only) and messages read with BODY.PEEK: nothing at the source changes, not even \Seen.
 * <p>
 * Each folder's first page records where its change feed stands ({@link FolderFeed}, the change token under the
 * folder's full name). Given the token of the last complete transfer, a folder that kept its UIDVALIDITY lists only
 * its messages whose flags or keywords changed since (CONDSTORE), then those that arrived since, in UID order, with
 * the same continuations; any other folder is listed whole.
 */
@Component(
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=imap",
                AdapterProperties.PROVIDER_NAME + "=IMAP mail server",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class ImapMailExporter implements Exporter<MailFolder, MailMessage> {
    static final String RAW_CONTENT_TYPE = "message/rfc822";
    private static final Logger LOG = LoggerFactory.getLogger(ImapMailExporter.class);
    /**
     * A page's messages up to this size are read with the page, in one UID FETCH, and served from memory to the
     * importer (the bound up to which the importer holds a message in memory itself).
     */
    private static final long READ_WITH_PAGE = 1024 * 1024;
    /**
     * The most bytes of a page read with it (the rest of its messages stream one by one): with the two pages kept,
     * twice this is the memory per running job.
     */
    private static final long PAGE_BYTES = 8L * 1024 * 1024;
    /** The longest feed name a transfer keeps a change token under (TransferContext.recordChangeToken): longer folder names are listed whole. */
    private static final int MAX_FEED_NAME = 1000;
    /** The bodies read with the job's last two pages. */
    private static final JobScratch.Key<RecentPages> PAGES = JobScratch.Key.of("imap.export.page-bodies");

    /** The bodies of a page's messages, by UID, of a folder at a UIDVALIDITY. */
    private record PageBodies(String folder, long uidValidity, Map<Long, byte[]> bodies) {
        byte[] of(MessageRefs.Ref message) {
            return folder.equals(message.folder()) && uidValidity == message.uidValidity() ? bodies.get(message.uid()) : null;
        }
    }

    /**
     * The bodies of the job's last two pages: the engine may export the next page while the messages of the current
     * one are imported (and their bodies opened), so a page's bodies stay until the page after the next one replaces
     * them.
     */
    private static final class RecentPages {
        private PageBodies last;
        private PageBodies before;

        synchronized void add(PageBodies page) {
            before = last;
            last = page;
        }

        synchronized byte[] of(MessageRefs.Ref message) {
            byte[] body = last == null ? null : last.of(message);
            return body != null || before == null ? body : before.of(message);
        }
    }

    private final ImapConnector connector;

    @Activate
    public ImapMailExporter(@Reference ImapConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public ExportPage<MailFolder, MailMessage> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        try (ImapConnector.Lease lease = connector.lease(context)) {
            String where = cursor.isRoot() ? "the folder list" : "folder '" + cursor.containerId() + "'";
            try {
                if (cursor.isRoot()) {
                    return new ExportPage<>(subFolders(lease.store().getDefaultFolder()), List.of(), null);
                }
                return folderPage(context, lease, cursor.containerId(), cursor.continuation());
            } catch (MessagingException e) {
                lease.discard();
                throw ImapFailures.of("cannot read " + where + " of " + lease.account().describe(), e);
            }
        }
    }

    private ExportPage<MailFolder, MailMessage> folderPage(TransferContext context, ImapConnector.Lease lease, String name, String continuation)
            throws MessagingException, AdapterException {
        MessageRefs.Position position = MessageRefs.position(continuation);
        List<MailFolder> children = List.of();
        boolean condstore = lease.store().hasCapability("CONDSTORE");
        if (position == null) {
            Folder folder = lease.store().getFolder(name);
            if (!folder.exists()) {
                LOG.warn("IMAP folder '{}' no longer exists at the source; nothing of it is exported", folder.getFullName());
                return new ExportPage<>(List.of(), List.of(), null);
            }
            if ((folder.getType() & Folder.HOLDS_FOLDERS) != 0) {
                children = subFolders(folder);
            }
            if ((folder.getType() & Folder.HOLDS_MESSAGES) == 0) {
                return new ExportPage<>(children, List.of(), null);
            }
        }
        // A first page EXAMINEs the folder anew. Then it is kept open with the connection: the next page and the
        // messages' bodies need no EXAMINE, and the UIDs this page fetched tell where the next page starts.
        IMAPFolder folder = position == null ? examineRecordingFeed(context, lease, name, condstore) : lease.open(name, Folder.READ_ONLY);
        long validity = folder.getUIDValidity();
        long after = 0;
        if (position != null && position.uidValidity() == validity) {
            after = position.lastUid();
        } else if (position != null) {
            LOG.warn("IMAP folder '{}' renumbered its messages (UIDVALIDITY {} is now {}): its export starts again from its "
                            + "first message; messages already copied are recognised at the destination by Message-ID and content",
                    folder.getFullName(), position.uidValidity(), validity);
        }
        FolderFeed since = since(context, folder, condstore, position == null);
        int pageSize = connector.settings().pageSize();
        List<Message> listed = new ArrayList<>(changedSince(folder, since, after, pageSize));
        int count = folder.getMessageCount();
        boolean more = listed.size() == pageSize;
        if (!more) {
            // Without a feed every message after the last one listed; with one, only those from its UIDNEXT on.
            int first = firstAfter(folder, since == null ? after : Math.max(after, since.uidNext() - 1), count);
            int last = Math.min(count, first + pageSize - listed.size() - 1);
            if (first <= last) {
                listed.addAll(Arrays.asList(folder.getMessages(first, last)));
            }
            more = last < count;
        }
        if (listed.isEmpty()) {
            return new ExportPage<>(children, List.of(), null);
        }
        Message[] messages = listed.toArray(new Message[0]);
        fetchSummaries(folder, messages);
        context.scratch().computeIfAbsent(PAGES, RecentPages::new).add(readBodies(folder, validity, messages));
        List<MailMessage> items = new ArrayList<>(messages.length);
        for (Message m : messages) {
            items.add(item(folder, validity, (IMAPMessage) m));
        }
        long lastUid = folder.getUID(messages[messages.length - 1]);
        return new ExportPage<>(children, items, more ? new MessageRefs.Position(validity, lastUid).toString() : null);
    }

    /**
     * The folder opened by a new EXAMINE (with CONDSTORE where the server offers it), even if the connection has it
     * open: the connection then sees every message there is, and the folder's UIDNEXT and HIGHESTMODSEQ are as of this
     * listing. They are recorded as the folder's change token before the listing, so what changes while it runs comes
     * again in the next transfer.
     */
    private static IMAPFolder examineRecordingFeed(TransferContext context, ImapConnector.Lease lease, String name, boolean condstore)
            throws MessagingException, AdapterException {
        IMAPFolder folder = lease.openAfresh(name, Folder.READ_ONLY, condstore ? ResyncData.CONDSTORE : null);
        Optional<FolderFeed> now = FolderFeed.of(folder);
        if (now.isPresent() && name.length() <= MAX_FEED_NAME) {
            context.recordChangeToken(name, now.get().token());
        }
        return folder;
    }

    /**
     * Where the folder's feed stood at the last complete transfer, if that still tells what changed since: null (list
     * every message) when there is no token, when it is not one of ours, when the folder's UIDVALIDITY changed (its
     * messages were renumbered), or when the token has a HIGHESTMODSEQ and the server no longer offers CONDSTORE.
     */
    private static FolderFeed since(TransferContext context, IMAPFolder folder, boolean condstore, boolean firstPage)
            throws MessagingException {
        String name = folder.getFullName();
        String token = context.changeToken(name).orElse(null);
        if (token == null) {
            return null;
        }
        FolderFeed feed = FolderFeed.parse(token).orElse(null);
        String why;
        if (feed == null) {
            why = "its change token '" + token + "' is not one of this exporter's";
        } else if (feed.uidValidity() != folder.getUIDValidity()) {
            why = "it renumbered its messages (UIDVALIDITY " + feed.uidValidity() + " is now " + folder.getUIDValidity() + ")";
        } else if (feed.knowsModSeq() && !condstore) {
            why = "the server no longer offers CONDSTORE, which tells what changed since";
        } else {
            return feed;
        }
        if (firstPage) {
            LOG.info("IMAP folder '{}' is listed whole: {}; messages copied before are recognised by the mapping", name, why);
        }
        return null;
    }

    /**
     * Up to {@code limit} messages with a UID above {@code after} and below the feed's UIDNEXT whose flags or keywords
     * changed since the feed's HIGHESTMODSEQ, in UID order: one UID FETCH with CHANGEDSINCE (RFC 7162). None without
     * a feed or a HIGHESTMODSEQ.
     */
    private static List<Message> changedSince(IMAPFolder folder, FolderFeed since, long after, int limit) throws MessagingException {
        if (since == null || !since.knowsModSeq() || after + 1 > since.uidNext() - 1) {
            return List.of();
        }
        Message[] changed = folder.getMessagesByUIDChangedSince(after + 1, since.uidNext() - 1, since.highestModSeq());
        return Arrays.stream(changed).sorted(Comparator.comparingInt(Message::getMessageNumber)).limit(limit).toList();
    }

    /**
     * The sequence number of the first message with a UID above {@code after} (count + 1 if none): the one after the
     * message with that UID (known without a command when this connection's folder listed it), else a binary search.
     */
    private static int firstAfter(IMAPFolder folder, long after, int count) throws MessagingException {
        if (after == 0) {
            return 1;
        }
        Message previous = folder.getMessageByUID(after);
        if (previous != null) {
            return previous.getMessageNumber() + 1;
        }
        int low = 1;
        int high = count + 1;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (folder.getUID(folder.getMessage(middle)) > after) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }

    private static void fetchSummaries(IMAPFolder folder, Message[] messages) throws MessagingException {
        FetchProfile full = new FetchProfile();
        full.add(UIDFolder.FetchProfileItem.UID);
        full.add(FetchProfile.Item.FLAGS);
        full.add(FetchProfile.Item.SIZE);
        full.add(IMAPFolder.FetchProfileItem.INTERNALDATE);
        full.add(FetchProfile.Item.ENVELOPE);
        full.add("Date");
        try {
            folder.fetch(messages, full);
        } catch (MessagingException e) {
            if (!folder.isOpen()) {
                throw e;
            }
            // A header the server's ENVELOPE cannot express, or we cannot parse: the messages are still copied, raw.
            LOG.info("IMAP folder '{}': the envelopes of a page could not be read ({}); exporting it without them",
                    folder.getFullName(), e.getMessage());
            FetchProfile minimal = new FetchProfile();
            minimal.add(UIDFolder.FetchProfileItem.UID);
            minimal.add(FetchProfile.Item.FLAGS);
            minimal.add(FetchProfile.Item.SIZE);
            minimal.add(IMAPFolder.FetchProfileItem.INTERNALDATE);
            folder.fetch(messages, minimal);
        }
    }

    /**
     * The bodies of the page's messages of at most {@link #READ_WITH_PAGE} bytes, in page order up to
     * {@link #PAGE_BYTES}, read in one UID FETCH of BODY.PEEK[] (nothing at the source changes): the importer then
     * needs no command per message at the source.
     */
    private static PageBodies readBodies(IMAPFolder folder, long validity, Message[] messages) throws MessagingException {
        StringBuilder uids = new StringBuilder();
        long total = 0;
        for (Message m : messages) {
            long size = m.getSize();
            if (size < 0 || size > READ_WITH_PAGE) {
                continue;
            }
            if (total + size > PAGE_BYTES) {
                break;
            }
            total += size;
            uids.append(uids.length() == 0 ? "" : ",").append(folder.getUID(m));
        }
        Map<Long, byte[]> bodies = new HashMap<>();
        if (uids.length() > 0) {
            folder.doCommand(protocol -> {
                Response[] responses = protocol.command("UID FETCH " + uids + " (BODY.PEEK[])", null);
                List<Response> others = new ArrayList<>();
                for (Response response : responses) {
                    BODY body = response instanceof FetchResponse fetch ? fetch.getItem(BODY.class) : null;
                    UID uid = body == null || body.getByteArray() == null ? null : ((FetchResponse) response).getItem(UID.class);
                    if (uid != null) {
                        bodies.put(uid.uid, body.getByteArray().getNewBytes());
                    } else {
                        others.add(response); // anything else the server said, for the folder to hear
                    }
                }
                protocol.notifyResponseHandlers(others.toArray(new Response[0]));
                protocol.handleResult(responses[responses.length - 1]);
                return null;
            });
        }
        return new PageBodies(folder.getFullName(), validity, bodies);
    }

    private static MailMessage item(IMAPFolder folder, long validity, IMAPMessage m) throws MessagingException {
        MessageRefs.Ref ref = new MessageRefs.Ref(folder.getFullName(), validity, folder.getUID(m));
        long size = m.getSize();
        Flags flags = m.getFlags();
        List<String> keywords = new ArrayList<>(Arrays.asList(flags.getUserFlags()));
        keywords.sort(Comparator.naturalOrder());
        MailFlags mailFlags = new MailFlags(flags.contains(Flags.Flag.SEEN), flags.contains(Flags.Flag.ANSWERED),
                flags.contains(Flags.Flag.FLAGGED), flags.contains(Flags.Flag.DRAFT), flags.contains(Flags.Flag.DELETED), keywords);
        Date received = m.getReceivedDate();
        Address[] from = orNull(m::getFrom);
        return new MailMessage(
                ref.toString(),
                new MediaRef(ref.toString(), RAW_CONTENT_TYPE, size < 0 ? -1 : size),
                orNull(m::getMessageID),
                orNull(m::getSubject),
                from == null || from.length == 0 ? null : HeaderValues.address(from[0]),
                HeaderValues.addresses(orNull(() -> m.getRecipients(Message.RecipientType.TO))),
                MailHeaders.date(orNull(() -> m.getHeader("Date", null))),
                mailFlags,
                List.of(),
                received == null ? null : received.toInstant(),
                size < 0 ? -1 : size);
    }

    /** A header value for display, or null when the message's header is too broken to give it. */
    private static <T> T orNull(Callable<T> read) {
        try {
            return read.call();
        } catch (Exception e) {
            LOG.debug("unreadable header: {}", e.getMessage());
            return null;
        }
    }

    private static List<MailFolder> subFolders(Folder parent) throws MessagingException {
        Folder[] found = parent.list("%");
        Arrays.sort(found, Comparator.comparing(Folder::getFullName));
        List<MailFolder> folders = new ArrayList<>(found.length);
        for (Folder f : found) {
            IMAPFolder folder = (IMAPFolder) f;
            MailboxAttributes.Use use = MailboxAttributes.of(folder.getFullName(), folder.getAttributes());
            char separator = folder.getSeparator();
            String name = folder.getName().isEmpty() ? folder.getFullName() : folder.getName();
            folders.add(new MailFolder(folder.getFullName(), name, folder.getFullName(),
                    separator == '\0' ? null : String.valueOf(separator),
                    use == null ? null : use.use(), use == null ? null : use.text()));
        }
        return folders;
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        MessageRefs.Ref message = MessageRefs.parse(ref.uri());
        byte[] body = context.scratch().computeIfAbsent(PAGES, RecentPages::new).of(message);
        if (body != null) {
            return new ByteArrayInputStream(body);
        }
        ImapConnector.Lease lease = connector.lease(context);
        try {
            IMAPFolder folder = lease.open(message.folder(), Folder.READ_ONLY);
            if (folder.getUIDValidity() != message.uidValidity()) {
                throw new ItemRejectedException("folder '" + message.folder() + "' renumbered its messages (UIDVALIDITY "
                        + message.uidValidity() + " is now " + folder.getUIDValidity() + ") since message " + message.uid()
                        + " was listed; it is exported again under its new number if the folder's export goes on");
            }
            IMAPMessage m = (IMAPMessage) folder.getMessageByUID(message.uid());
            if (m == null) {
                throw new ItemRejectedException("message " + message.uid() + " of folder '" + message.folder()
                        + "' is no longer there (deleted at the source after it was listed)");
            }
            // Partial FETCHes of fetchBlockSize bytes each, with BODY.PEEK; -1: read up to the end the server gives.
            return new MessageStream(new IMAPInputStream(m, null, -1, true), lease);
        } catch (MessagingException e) {
            lease.discard();
            lease.close();
            throw ImapFailures.of("cannot open message " + message.uid() + " of folder '" + message.folder() + "' of "
                    + lease.account().describe(), e);
        } catch (AdapterException | RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    /** A message's bytes as they stream; closing it gives the connection back (its folder still open). */
    private static final class MessageStream extends FilterInputStream {
        private final ImapConnector.Lease lease;

        MessageStream(InputStream in, ImapConnector.Lease lease) {
            super(in);
            this.lease = lease;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException | RuntimeException e) {
                lease.discard();
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException | RuntimeException e) {
                lease.discard();
                throw e;
            }
        }

        @Override
        public void close() {
            lease.close();
        }
    }
}
