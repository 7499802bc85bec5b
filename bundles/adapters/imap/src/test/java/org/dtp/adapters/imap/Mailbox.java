package org.dtp.adapters.imap;

import jakarta.mail.FetchProfile;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.UIDFolder;
import org.dtp.spi.TransferEndpoint;
import org.eclipse.angus.mail.imap.AppendUID;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.eclipse.angus.mail.imap.IMAPInputStream;
import org.eclipse.angus.mail.imap.IMAPMessage;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;

/** A test's own IMAP client on an account: fills it and reads back what it holds (over the adapter's connections). */
final class Mailbox implements AutoCloseable {
    /** A stored message as the server serves it. */
    record Stored(long uid, long size, String sha256, TreeSet<String> flags, Instant internalDate) {
    }

    private final ImapConnector connector;
    private final ImapConnector.Lease lease;

    Mailbox(TransferEndpoint endpoint) throws Exception {
        this(endpoint, GreenMailServer.settings());
    }

    Mailbox(TransferEndpoint endpoint, ImapSettings settings) throws Exception {
        connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        lease = connector.lease(TestContexts.source(java.util.UUID.randomUUID(), endpoint));
    }

    /** Empties a throw-away test account: deletes every folder but INBOX and the special-use ones, empties those. */
    void clear() throws MessagingException {
        for (Folder f : lease.store().getDefaultFolder().list("*")) {
            IMAPFolder folder = (IMAPFolder) f;
            boolean special = folder.getFullName().equalsIgnoreCase("INBOX")
                    || Arrays.stream(folder.getAttributes()).anyMatch(a -> List.of("\\Sent", "\\Trash", "\\Drafts", "\\Junk").contains(a));
            if (!special && folder.exists()) {
                folder.delete(true);
            } else if (special) {
                folder.open(Folder.READ_WRITE);
                if (folder.getMessageCount() > 0) {
                    folder.setFlags(1, folder.getMessageCount(), new Flags(Flags.Flag.DELETED), true);
                }
                folder.close(true);
            }
        }
    }

    char separator() throws MessagingException {
        return lease.store().getDefaultFolder().getSeparator();
    }

    void create(String fullName) throws MessagingException {
        Folder folder = lease.store().getFolder(fullName);
        if (!folder.exists() && !folder.create(Folder.HOLDS_MESSAGES)) {
            throw new IllegalStateException("not created: " + fullName);
        }
    }

    void delete(String fullName) throws MessagingException {
        lease.store().getFolder(fullName).delete(true);
    }

    long append(String folder, byte[] raw, Flags flags, Instant internalDate) throws Exception {
        IMAPFolder f = (IMAPFolder) lease.store().getFolder(folder);
        StreamingLiteral literal = new StreamingLiteral(new ByteArrayInputStream(raw), raw.length);
        AppendUID uid = (AppendUID) f.doCommand(p -> p.appenduid(folder, flags, internalDate == null ? null : Date.from(internalDate), literal));
        return uid == null ? -1 : uid.uid;
    }

    /** Sets {@code flags} on the message with {@code uid} (e.g. the user read it, or flagged it). */
    void flag(String folder, long uid, Flags flags) throws MessagingException {
        IMAPFolder f = (IMAPFolder) lease.store().getFolder(folder);
        f.open(Folder.READ_WRITE);
        try {
            f.getMessageByUID(uid).setFlags(flags, true);
        } finally {
            f.close(false);
        }
    }

    /** Every folder's full name, sorted. */
    List<String> folders() throws MessagingException {
        List<String> names = new ArrayList<>();
        for (Folder f : lease.store().getDefaultFolder().list("*")) {
            names.add(f.getFullName());
        }
        names.sort(null);
        return names;
    }

    String[] attributes(String folder) throws MessagingException {
        for (Folder f : lease.store().getDefaultFolder().list("*")) {
            if (f.getFullName().equals(folder)) {
                return ((IMAPFolder) f).getAttributes();
            }
        }
        return null;
    }

    List<Stored> messages(String folder) throws Exception {
        return messages(folder, in -> in);
    }

    /** The folder's messages, each one's SHA-256 taken over {@code view} of its bytes. */
    List<Stored> messages(String folder, java.util.function.UnaryOperator<InputStream> view) throws Exception {
        IMAPFolder f = (IMAPFolder) lease.store().getFolder(folder);
        f.open(Folder.READ_ONLY);
        try {
            Message[] all = f.getMessages();
            FetchProfile profile = new FetchProfile();
            profile.add(UIDFolder.FetchProfileItem.UID);
            profile.add(FetchProfile.Item.FLAGS);
            profile.add(FetchProfile.Item.SIZE);
            profile.add(IMAPFolder.FetchProfileItem.INTERNALDATE);
            f.fetch(all, profile);
            List<Stored> out = new ArrayList<>();
            for (Message m : all) {
                TreeSet<String> flags = new TreeSet<>(Arrays.asList(m.getFlags().getUserFlags()));
                for (Flags.Flag flag : m.getFlags().getSystemFlags()) {
                    if (flag != Flags.Flag.RECENT) {
                        flags.add(systemFlagName(flag));
                    }
                }
                out.add(new Stored(f.getUID(m), m.getSize(), sha256(view.apply(new IMAPInputStream((IMAPMessage) m, null, -1, true))), flags,
                        m.getReceivedDate().toInstant()));
            }
            return out;
        } finally {
            f.close(false);
        }
    }

    private static String systemFlagName(Flags.Flag flag) {
        if (flag == Flags.Flag.SEEN) return "\\Seen";
        if (flag == Flags.Flag.ANSWERED) return "\\Answered";
        if (flag == Flags.Flag.FLAGGED) return "\\Flagged";
        if (flag == Flags.Flag.DRAFT) return "\\Draft";
        if (flag == Flags.Flag.DELETED) return "\\Deleted";
        return flag.toString();
    }

    static String sha256(InputStream stream) throws IOException {
        try (InputStream in = stream) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[65536];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                sha.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(byte[] bytes) throws IOException {
        return sha256(new ByteArrayInputStream(bytes));
    }

    @Override
    public void close() {
        lease.close();
        connector.close();
    }
}
