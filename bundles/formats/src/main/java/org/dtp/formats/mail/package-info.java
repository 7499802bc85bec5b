/**
 * Internet message header values (RFC 5322) as the canonical {@link org.dtp.models.mail.MailMessage} shows them:
 * the Date header ({@link MailHeaders#date}) and a mailbox as a person reads it ({@link MailHeaders#mailbox}), for
 * every adapter that reads mail headers (IMAP, Gmail, Outlook); 1.1: {@link MessageHeaders} (a header block and the
 * fields the mail model shows, Angus Mail embedded) and {@link MboxReader} (mbox files read streaming, mboxrd and
 * mboxo); 1.2: {@link MboxReader#contentStart}, where a message of an mbox begins, read from its offset (a ranged
 * read of object storage, as well as a file). Only JDK types are in the API.
 */
@Export
@Version("1.2.0")
package org.dtp.formats.mail;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
