package org.dtp.adapters.imap;

import jakarta.mail.FetchProfile;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.UIDFolder;
import jakarta.mail.search.AndTerm;
import jakarta.mail.search.ComparisonTerm;
import jakarta.mail.search.SearchTerm;
import jakarta.mail.search.SizeTerm;
import jakarta.mail.search.SubjectTerm;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.eclipse.angus.mail.iap.Argument;
import org.eclipse.angus.mail.iap.BadCommandException;
import org.eclipse.angus.mail.iap.Response;
import org.eclipse.angus.mail.imap.AppendUID;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.eclipse.angus.mail.imap.IMAPInputStream;
import org.eclipse.angus.mail.imap.IMAPMessage;
import org.eclipse.angus.mail.imap.IMAPStore;
import org.eclipse.angus.mail.imap.protocol.BASE64MailboxEncoder;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Imports mail folders and messages into an IMAP account. Folders are created under the parent's destination folder
 * with the destination's separator, or are the destination's folder of the same special use (\Sent, \Trash, …)
 * where it announces one. Each message is APPENDed with its exact bytes, streamed from the source, with its flags
 * and INTERNALDATE. Before an APPEND the folder is searched for the same message (the same Message-ID, or for a
 * message without one the same size or subject) and the candidates are compared by SHA-256, so a resumed or
 * retried import finds what it appended before instead of appending it again. The source is read twice (once for
 * the exact size and hash, once to append), each time streamed, never held whole. A page's messages go in
 * MULTIAPPENDs where the server offers it ({@link #importItems}). Nothing is ever deleted or expunged, and \Deleted
 * is never set.
 */
@Component(
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=imap",
                AdapterProperties.PROVIDER_NAME + "=IMAP mail server",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class ImapMailImporter implements BatchImporter<MailFolder, MailMessage> {
    private static final Logger LOG = LoggerFactory.getLogger(ImapMailImporter.class);
    /** An IMAP flag keyword is an atom (RFC 3501 §9: no specials, no controls, no leading backslash). */
    private static final Pattern KEYWORD = Pattern.compile("[\\x21-\\x7e&&[^(){%*\"\\\\\\]]][\\x21-\\x7e&&[^(){%*\"\\]]]*");
    private static final int BUFFER = 64 * 1024;
    /**
     * A message up to this size is read from the source once and appended from memory; a larger one is read twice,
     * streamed each time (once for its size and SHA-256, once into the APPEND), so that memory stays bounded.
     */
    private static final int HELD_IN_MEMORY = 1024 * 1024;
    /**
     * Messages of a page given to {@link #importItems} at once: a page (the exporter's default pageSize), so that a
     * page of small mails is one or a few MULTIAPPENDs.
     */
    private static final int BATCH = 100;
    /** The most bytes one MULTIAPPEND carries (held in memory until it is sent); a batch larger is sent in several. */
    private static final long MULTIAPPEND_BYTES = 8L * 1024 * 1024;
    /** Look-alikes of one message compared byte for byte at most; a bound on the work for very common subjects. */
    private static final int MAX_CANDIDATES = 50;

    private final ImapConnector connector;

    @Activate
    public ImapMailImporter(@Reference ImapConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, MailFolder folder, String parentId)
            throws AdapterException {
        try (ImapConnector.Lease lease = connector.lease(context)) {
            try {
                String target = targetName(context, lease.store(), folder, parentId);
                Folder destination = lease.store().getFolder(target);
                if (!destination.exists()) {
                    if (!destination.create(Folder.HOLDS_MESSAGES) && !destination.exists()) {
                        throw new AdapterException("the IMAP server of " + lease.account().describe() + " did not create folder '" + target + "'");
                    }
                    subscribe(destination);
                }
                return destination.getFullName();
            } catch (MessagingException e) {
                lease.discard();
                throw ImapFailures.of("cannot create the folder for '" + folder.fullPath() + "' at " + lease.account().describe(), e);
            }
        }
    }

    /** The destination folder's full name: INBOX, the folder of the same special use, or the name under the parent. */
    private static String targetName(ImportContext context, IMAPStore store, MailFolder folder, String parentId) throws MessagingException {
        if (folder.specialUse() == SpecialUse.INBOX) {
            return "INBOX";
        }
        if (folder.specialUse() != null) {
            String attribute = MailboxAttributes.attributeOf(folder.specialUse(), folder.specialUseText());
            for (Folder candidate : store.getDefaultFolder().list("*")) {
                String[] attributes = ((IMAPFolder) candidate).getAttributes();
                if (attributes != null && Arrays.stream(attributes).anyMatch(attribute::equalsIgnoreCase)) {
                    return candidate.getFullName();
                }
            }
            context.reportNotKept(folder.id(), "specialUse", "the destination marks no folder " + attribute
                    + "; the folder is created as an ordinary folder");
        }
        Folder parent = parentId == null ? store.getDefaultFolder() : store.getFolder(parentId);
        char separator = parent.getSeparator();
        String name = folder.name();
        if (separator != '\0' && name.indexOf(separator) >= 0) {
            name = name.replace(separator, '_');
            context.reportNotKept(folder.id(), "name", "the destination separates folder levels with '" + separator
                    + "', so the folder is named '" + name + "'");
        }
        if (parentId != null) {
            return parentId + separator + name;
        }
        // Servers whose personal folders live under a prefix (e.g. "INBOX." on Courier) announce it as a namespace.
        Folder[] personal = store.getPersonalNamespaces();
        String prefix = personal.length == 0 ? "" : personal[0].getFullName();
        return prefix.isEmpty() ? name : prefix + separator + name;
    }

    private static void subscribe(Folder folder) {
        try {
            folder.setSubscribed(true); // most mail clients show only subscribed folders
        } catch (MessagingException | RuntimeException e) {
            LOG.debug("subscribing to IMAP folder '{}' failed: {}", folder.getFullName(), e.getMessage());
        }
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MailMessage message, String containerId)
            throws AdapterException {
        String before = connector.importedBefore(context.jobId(), idempotencyKey);
        if (before != null) {
            return before;
        }
        String folderName = containerId == null ? "INBOX" : containerId;
        try (ImapConnector.Lease lease = connector.lease(context)) {
            String what = "cannot append message " + message.id() + " to folder '" + folderName + "' of " + lease.account().describe();
            try {
                // Read-write (SELECT) because EXAMINE announces no PERMANENTFLAGS; kept selected with the connection for
                // the folder's next messages, and never expunged.
                IMAPFolder folder = lease.open(folderName, Folder.READ_WRITE);
                // The APPEND literal announces its size first, and servers' RFC822.SIZE is not always the size of the
                // bytes they serve (GreenMail's is not): the source is read first to learn its exact size and SHA-256,
                // which also tell a copy at the destination, and held for the APPEND if it is small.
                Digest source = digest(context.openMedia(message.raw()));
                String copy = findCopy(context, idempotencyKey, lease.account(), folder, message, source);
                if (copy != null) {
                    LOG.debug("message {} is already in '{}' as {}; not appended again", message.id(), folderName, copy);
                    connector.rememberImport(context.jobId(), idempotencyKey, copy);
                    return copy;
                }
                AppendUID uid = append(context, folder, message, source, lease);
                return appended(context, idempotencyKey, message, source, lease, folder, uid == null ? -1 : uid.uidvalidity,
                        uid == null ? -1 : uid.uid);
            } catch (MessagingException e) {
                lease.discard();
                // An APPEND whose answer was lost may have stored the message: the retry reads the folder's index again.
                MessageIdIndex.forget(context.scratch(), lease.account().key(), folderName);
                throw ImapFailures.ofItem(what, e);
            } catch (IOException e) {
                lease.discard();
                MessageIdIndex.forget(context.scratch(), lease.account().key(), folderName);
                throw ImapFailures.of(what + ": reading it from the source failed", e);
            }
        }
    }

    /**
     * Records a message appended with the UID the server gave it (-1: it did not say, as a server without UIDPLUS does
     * not; the id is then for the ledger only), and returns its id.
     */
    private String appended(ImportContext context, String idempotencyKey, MailMessage message, Digest source,
                            ImapConnector.Lease lease, IMAPFolder folder, long uidValidity, long uid) throws MessagingException {
        if (source.bareLineFeeds()) {
            context.reportNotKept(message.id(), "raw", "message body line endings: LF kept as CRLF, as IMAP requires "
                    + "(RFC 3501 §2.3.1: the server serves every line ended by CRLF)");
        }
        String folderName = folder.getFullName();
        boolean uidKnown = uid > 0;
        String id = uidKnown ? new MessageRefs.Ref(folderName, uidValidity, uid).toString()
                : folderName + "/;APPENDED=" + message.id();
        connector.rememberImport(context.jobId(), idempotencyKey, id);
        if (hasMessageId(message) && uidKnown) {
            MessageIdIndex.of(context.scratch(), lease.account().key(), folder).add(message.messageId(), uid);
        } else if (hasMessageId(message)) {
            MessageIdIndex.forget(context.scratch(), lease.account().key(), folderName);
        }
        return id;
    }

    @Override
    public int batchSize() {
        return BATCH;
    }

    /**
     * Imports a page's messages into one folder with MULTIAPPEND (RFC 3502) where the server offers it: each message
     * is read from the source and looked for at the destination as {@link #importItem} does, and those not found go
     * in order into one APPEND command of up to {@link #MULTIAPPEND_BYTES}, which the server stores as a whole or not
     * at all, with LITERAL+ where offered. Stops before the first message larger than {@link #HELD_IN_MEMORY} (it is
     * streamed by itself by importItem, as are the messages after it) or the first whose source cannot be read; a
     * server without MULTIAPPEND gets every message from importItem. When a MULTIAPPEND fails, the folder's index is
     * read again by the next import, so a batch whose answer was lost is found at the destination, not appended twice.
     */
    @Override
    public List<String> importItems(List<Item<MailMessage>> items, String containerId) throws AdapterException {
        String folderName = containerId == null ? "INBOX" : containerId;
        ImportContext first = items.get(0).context();
        List<String> ids = new ArrayList<>();
        try (ImapConnector.Lease lease = connector.lease(first)) {
            String what = "cannot append " + items.size() + " messages to folder '" + folderName + "' of " + lease.account().describe();
            try {
                if (!lease.store().hasCapability("MULTIAPPEND")) {
                    return List.of();
                }
                IMAPFolder folder = lease.open(folderName, Folder.READ_WRITE);
                MultiAppend group = new MultiAppend(folder);
                for (Item<MailMessage> item : items) {
                    ImportContext context = item.context();
                    MailMessage message = item.item();
                    String before = connector.importedBefore(context.jobId(), item.idempotencyKey());
                    if (before != null) {
                        group.known(before);
                        continue;
                    }
                    Digest source;
                    try {
                        source = digest(context.openMedia(message.raw()));
                    } catch (IOException | AdapterException e) {
                        LOG.debug("message {} is left to a single APPEND: {}", message.id(), e.getMessage());
                        break;
                    }
                    if (source.held() == null) {
                        break;
                    }
                    String copy = findCopy(context, item.idempotencyKey(), lease.account(), folder, message, source);
                    if (copy != null) {
                        connector.rememberImport(context.jobId(), item.idempotencyKey(), copy);
                        group.known(copy);
                        continue;
                    }
                    if (group.bytes() + source.size() > MULTIAPPEND_BYTES) {
                        ids.addAll(group.send(lease));
                    }
                    group.add(item, source, flagsToSet(context, folder, message));
                }
                ids.addAll(group.send(lease));
                return ids;
            } catch (MessagingException e) {
                lease.discard();
                MessageIdIndex.forget(first.scratch(), lease.account().key(), folderName);
                if (!ids.isEmpty()) {
                    LOG.debug("{}: {}; the {} stored go on, the rest are appended one by one", what, e.getMessage(), ids.size());
                    return ids;
                }
                throw ImapFailures.of(what, e);
            } catch (IOException e) {
                lease.discard();
                MessageIdIndex.forget(first.scratch(), lease.account().key(), folderName);
                throw ImapFailures.of(what, e);
            }
        }
    }

    /**
     * Messages of a batch in order, as one MULTIAPPEND: those to append with their bytes, flags and INTERNALDATE, and
     * those found at the destination already, with their ids.
     */
    private final class MultiAppend {
        private static final DateTimeFormatter INTERNALDATE = DateTimeFormatter.ofPattern("dd-MMM-yyyy HH:mm:ss xx", Locale.US)
                .withZone(ZoneOffset.UTC);
        private static final Pattern APPENDUID = Pattern.compile("\\[APPENDUID (\\d+) ([0-9:,]+)\\]", Pattern.CASE_INSENSITIVE);

        private record Entry(Item<MailMessage> item, Digest source, Flags flags, String knownId) {
        }

        private final IMAPFolder folder;
        private final List<Entry> entries = new ArrayList<>();
        private long bytes;

        MultiAppend(IMAPFolder folder) {
            this.folder = folder;
        }

        void known(String id) {
            entries.add(new Entry(null, null, null, id));
        }

        void add(Item<MailMessage> item, Digest source, Flags flags) {
            entries.add(new Entry(item, source, flags, null));
            bytes += source.size();
        }

        long bytes() {
            return bytes;
        }

        /** Sends the messages to append in one APPEND command; the ids of every entry, in order. Empties the group. */
        List<String> send(ImapConnector.Lease lease) throws MessagingException {
            List<Entry> toAppend = entries.stream().filter(e -> e.knownId() == null).toList();
            long[] uids = new long[toAppend.size()];
            long validity = -1;
            java.util.Arrays.fill(uids, -1);
            if (!toAppend.isEmpty()) {
                String name = folder.getFullName();
                String answer = (String) folder.doCommand(protocol -> {
                    Argument args = new Argument();
                    args.writeString(BASE64MailboxEncoder.encode(name));
                    for (Entry entry : toAppend) {
                        args.writeAtom(flagList(entry.flags()));
                        MailMessage message = entry.item().item();
                        if (message.internalDate() != null) {
                            args.writeString(INTERNALDATE.format(message.internalDate()));
                        }
                        args.writeBytes(entry.source().held());
                    }
                    Response[] responses = protocol.command("APPEND", args);
                    protocol.notifyResponseHandlers(responses);
                    protocol.handleResult(responses[responses.length - 1]);
                    return responses[responses.length - 1].toString();
                });
                Matcher code = APPENDUID.matcher(answer);
                long[] given = code.find() ? uidSet(code.group(2)) : new long[0];
                if (given.length == uids.length) {
                    validity = Long.parseLong(code.group(1));
                    uids = given;
                }
            }
            List<String> ids = new ArrayList<>(entries.size());
            int appended = 0;
            for (Entry entry : entries) {
                if (entry.knownId() != null) {
                    ids.add(entry.knownId());
                } else {
                    Item<MailMessage> item = entry.item();
                    ids.add(appended(item.context(), item.idempotencyKey(), item.item(), entry.source(), lease, folder, validity,
                            uids[appended++]));
                }
            }
            entries.clear();
            bytes = 0;
            return ids;
        }
    }

    /** An IMAP flag list: {@code (\Seen $Forwarded)}. */
    private static String flagList(Flags flags) {
        List<String> names = new ArrayList<>();
        for (Flags.Flag flag : flags.getSystemFlags()) {
            if (flag == Flags.Flag.SEEN) {
                names.add("\\Seen");
            } else if (flag == Flags.Flag.ANSWERED) {
                names.add("\\Answered");
            } else if (flag == Flags.Flag.FLAGGED) {
                names.add("\\Flagged");
            } else if (flag == Flags.Flag.DRAFT) {
                names.add("\\Draft");
            }
        }
        names.addAll(Arrays.asList(flags.getUserFlags()));
        return "(" + String.join(" ", names) + ")";
    }

    /** The UIDs of a uid-set (RFC 4315: {@code 5:9} or {@code 5,7,9:11}), in the order it names them. */
    private static long[] uidSet(String set) {
        List<Long> uids = new ArrayList<>();
        for (String part : set.split(",")) {
            String[] range = part.split(":");
            long from = Long.parseLong(range[0]);
            long to = range.length > 1 ? Long.parseLong(range[1]) : from;
            for (long uid = from; from <= to ? uid <= to : uid >= to; uid += from <= to ? 1 : -1) {
                uids.add(uid);
            }
        }
        return uids.stream().mapToLong(Long::longValue).toArray();
    }

    /** Appends the message; the UID the server gave it (APPENDUID), or null from a server without UIDPLUS. */
    private AppendUID append(ImportContext context, IMAPFolder folder, MailMessage message, Digest expected, ImapConnector.Lease lease)
            throws AdapterException, MessagingException, IOException {
        Flags flags = flagsToSet(context, folder, message);
        Date internalDate = message.internalDate() == null ? null : Date.from(message.internalDate());
        String name = folder.getFullName();
        InputStream bytes = expected.held() != null ? new java.io.ByteArrayInputStream(expected.held()) : context.openMedia(message.raw());
        try (DigestingStream source = new DigestingStream(bytes)) {
            StreamingLiteral literal = new StreamingLiteral(source, expected.size(), () -> {
                if (!source.sha256().equals(expected.sha256())) {
                    throw new StreamingLiteral.SourceMismatchException("the source served other bytes the second time it was read");
                }
            });
            AppendUID uid;
            try {
                uid = (AppendUID) folder.doCommand(protocol -> protocol.appenduid(name, flags, internalDate, literal));
            } catch (MessagingException e) {
                IOException failure = literal.failure();
                if (failure == null) {
                    throw e;
                }
                lease.discard();
                if (failure instanceof StreamingLiteral.SourceMismatchException) {
                    throw new ItemRejectedException("message " + message.id() + " was not appended: " + failure.getMessage());
                }
                throw failure;
            }
            return uid;
        }
    }

    /** Seen, answered, flagged, draft and the keywords the folder keeps; \Deleted never, what is left out is reported. */
    private static Flags flagsToSet(ImportContext context, IMAPFolder folder, MailMessage message) {
        MailFlags source = message.flags();
        Flags flags = new Flags();
        if (source.seen()) {
            flags.add(Flags.Flag.SEEN);
        }
        if (source.answered()) {
            flags.add(Flags.Flag.ANSWERED);
        }
        if (source.flagged()) {
            flags.add(Flags.Flag.FLAGGED);
        }
        if (source.draft()) {
            flags.add(Flags.Flag.DRAFT);
        }
        if (source.deleted()) {
            context.reportNotKept(message.id(), "flags.deleted", "\\Deleted is not set at the destination: the next EXPUNGE "
                    + "there would remove the message");
        }
        Flags permanent = folder.getPermanentFlags();
        boolean anyKeyword = permanent != null && permanent.contains(Flags.Flag.USER);
        for (String keyword : source.keywords()) {
            if (!KEYWORD.matcher(keyword).matches()) {
                context.reportNotKept(message.id(), "flags.keywords", "'" + keyword + "' is not a valid IMAP keyword");
            } else if (anyKeyword || (permanent != null && permanent.contains(keyword))) {
                flags.add(keyword);
            } else {
                context.reportNotKept(message.id(), "flags.keywords", "folder '" + folder.getFullName()
                        + "' does not keep the keyword " + keyword);
            }
        }
        if (!message.labels().isEmpty()) {
            context.reportNotKept(message.id(), "labels", "IMAP has no labels; the message is in folder '" + folder.getFullName() + "' only");
        }
        return flags;
    }

    /**
     * The id of a message in the folder with the same bytes, or null. Candidates are the messages with the same
     * Message-ID, or, for a message without one, of the same size or subject; a candidate this run appended for
     * another item of the job is not a copy (the source may hold the same message twice), nor is one whose SHA-256
     * differs. Sizes the server reports are not compared: not every server reports the size of what it serves.
     */
    private String findCopy(ImportContext context, String idempotencyKey, ImapAccount account, IMAPFolder folder, MailMessage message,
                            Digest source) throws MessagingException, IOException {
        Message[] candidates = hasMessageId(message) ? withMessageId(context, account, folder, message.messageId())
                : lookAlikes(folder, message, source);
        if (candidates.length == 0) {
            return null;
        }
        if (candidates.length > MAX_CANDIDATES) {
            LOG.info("{} messages in '{}' look like {}; comparing the newest {}", candidates.length, folder.getFullName(),
                    message.id(), MAX_CANDIDATES);
            candidates = Arrays.copyOfRange(candidates, candidates.length - MAX_CANDIDATES, candidates.length);
        }
        FetchProfile profile = new FetchProfile();
        profile.add(UIDFolder.FetchProfileItem.UID);
        folder.fetch(candidates, profile);
        long validity = folder.getUIDValidity();
        for (Message candidate : candidates) {
            String id = new MessageRefs.Ref(folder.getFullName(), validity, folder.getUID(candidate)).toString();
            if (connector.appendedForOtherKey(context.jobId(), idempotencyKey, id)) {
                continue;
            }
            if (source.sha256().equals(digest(new IMAPInputStream((IMAPMessage) candidate, null, -1, true)).sha256())) {
                return id;
            }
        }
        return null;
    }

    private static boolean hasMessageId(MailMessage message) {
        return message.messageId() != null && !message.messageId().isBlank();
    }

    /** The folder's messages with this Message-ID, from the job's index of the folder (no command once it is read). */
    private static Message[] withMessageId(ImportContext context, ImapAccount account, IMAPFolder folder, String messageId)
            throws MessagingException {
        List<Long> uids = MessageIdIndex.of(context.scratch(), account.key(), folder).uidsOf(messageId);
        if (uids.isEmpty()) {
            return new Message[0];
        }
        // Messages expunged since the index was read come back as null.
        return Arrays.stream(folder.getMessagesByUID(uids.stream().mapToLong(Long::longValue).toArray()))
                .filter(java.util.Objects::nonNull).toArray(Message[]::new);
    }

    /** For a message without Message-ID: the folder's messages of the same size or subject (SEARCH). */
    private static Message[] lookAlikes(IMAPFolder folder, MailMessage message, Digest source) throws MessagingException {
        List<SearchTerm> terms = new ArrayList<>();
        SearchTerm size = sizeIs(source.size());
        if (size != null) {
            terms.add(size);
        }
        if (message.subject() != null && !message.subject().isBlank()) {
            terms.add(new SubjectTerm(message.subject()));
        }
        // One SEARCH per term rather than an OR of them: not every server takes OR (GreenMail does not).
        TreeMap<Integer, Message> found = new TreeMap<>();
        for (SearchTerm term : terms) {
            try {
                for (Message m : folder.search(term)) {
                    found.put(m.getMessageNumber(), m);
                }
            } catch (MessagingException e) {
                if (!(e.getNextException() instanceof BadCommandException)) {
                    throw e;
                }
                LOG.debug("IMAP folder '{}': the server cannot search for {}: {}", folder.getFullName(), term, e.getMessage());
            }
        }
        return found.values().toArray(new Message[0]);
    }

    /** SEARCH LARGER size-1 SMALLER size+1: exactly {@code size} octets (RFC 3501 §6.4.4). */
    private static SearchTerm sizeIs(long size) {
        if (size < 1 || size >= Integer.MAX_VALUE) {
            return null;
        }
        return new AndTerm(new SizeTerm(ComparisonTerm.GT, (int) size - 1), new SizeTerm(ComparisonTerm.LT, (int) size + 1));
    }

    /**
     * A message's size and SHA-256, its bytes if it is at most {@link #HELD_IN_MEMORY} long (else null), and
     * {@code bareLineFeeds}: a line ends with LF alone, which IMAP servers serve as CRLF.
     */
    private record Digest(long size, String sha256, byte[] held, boolean bareLineFeeds) {
    }

    private static Digest digest(InputStream stream) throws IOException {
        try (InputStream in = stream) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            java.io.ByteArrayOutputStream held = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[BUFFER];
            long size = 0;
            boolean bareLineFeeds = false;
            byte previous = 0;
            for (int n; (n = in.read(buffer)) >= 0; ) {
                sha.update(buffer, 0, n);
                size += n;
                for (int i = 0; i < n && !bareLineFeeds; i++) {
                    bareLineFeeds = buffer[i] == '\n' && (i > 0 ? buffer[i - 1] : previous) != '\r';
                }
                previous = n > 0 ? buffer[n - 1] : previous;
                if (held != null && size <= HELD_IN_MEMORY) {
                    held.write(buffer, 0, n);
                } else {
                    held = null;
                }
            }
            return new Digest(size, HexFormat.of().formatHex(sha.digest()), held == null ? null : held.toByteArray(),
                    bareLineFeeds);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Computes the SHA-256 of what is read through it. */
    private static final class DigestingStream extends java.io.FilterInputStream {
        private final MessageDigest sha;

        DigestingStream(InputStream in) {
            super(in);
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                sha.update((byte) b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                sha.update(b, off, n);
            }
            return n;
        }

        String sha256() {
            return HexFormat.of().formatHex(sha.digest());
        }
    }
}
