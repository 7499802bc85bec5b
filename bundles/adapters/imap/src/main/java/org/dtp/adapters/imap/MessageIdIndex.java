package org.dtp.adapters.imap;

import jakarta.mail.FetchProfile;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.UIDFolder;
import org.dtp.spi.JobScratch;
import org.eclipse.angus.mail.imap.IMAPFolder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Message-IDs of a destination folder's messages and their UIDs, read with one FETCH of the folder's Message-ID
 * headers when an import first needs it and kept in the job's scratch, with what the job appends added as it goes:
 * the import's duplicate check then costs no command per message. It is of one UIDVALIDITY (a folder renumbered
 * since is read again), and is rebuilt by a resumed job (its scratch starts empty).
 */
final class MessageIdIndex {
    /** Per destination folder (account and full name) of a job. */
    static final JobScratch.Key<Map<String, MessageIdIndex>> SCRATCH = JobScratch.Key.of("imap.import.message-ids");

    private final long uidValidity;
    private final Map<String, List<Long>> uids = new HashMap<>();

    private MessageIdIndex(long uidValidity) {
        this.uidValidity = uidValidity;
    }

    /** The job's index of the open folder: the one kept in its scratch, or read from the folder now. */
    static MessageIdIndex of(JobScratch scratch, String account, IMAPFolder folder) throws MessagingException {
        Map<String, MessageIdIndex> indexes = scratch.computeIfAbsent(SCRATCH, ConcurrentHashMap::new);
        String key = account + "|" + folder.getFullName();
        MessageIdIndex index = indexes.get(key);
        if (index == null || index.uidValidity != folder.getUIDValidity()) {
            index = read(folder);
            indexes.put(key, index);
        }
        return index;
    }

    /** Forgets the folder's index (its next use reads it again): for an APPEND whose UID the server did not say. */
    static void forget(JobScratch scratch, String account, String folder) {
        scratch.computeIfAbsent(SCRATCH, ConcurrentHashMap::new).remove(account + "|" + folder);
    }

    private static MessageIdIndex read(IMAPFolder folder) throws MessagingException {
        MessageIdIndex index = new MessageIdIndex(folder.getUIDValidity());
        Message[] all = folder.getMessages();
        if (all.length == 0) {
            return index;
        }
        FetchProfile profile = new FetchProfile();
        profile.add(UIDFolder.FetchProfileItem.UID);
        profile.add("Message-ID"); // BODY.PEEK[HEADER.FIELDS (Message-ID)]
        folder.fetch(all, profile);
        for (Message m : all) {
            String[] ids = m.getHeader("Message-ID");
            if (ids != null && ids.length > 0) {
                index.add(ids[0], folder.getUID(m));
            }
        }
        return index;
    }

    /** The UIDs of the messages with this Message-ID (compared without white space and case), oldest first. */
    synchronized List<Long> uidsOf(String messageId) {
        return new ArrayList<>(uids.getOrDefault(normal(messageId), List.of()));
    }

    synchronized void add(String messageId, long uid) {
        uids.computeIfAbsent(normal(messageId), k -> new ArrayList<>()).add(uid);
    }

    private static String normal(String messageId) {
        return messageId.replaceAll("\\s+", "").toLowerCase(java.util.Locale.ROOT);
    }
}
