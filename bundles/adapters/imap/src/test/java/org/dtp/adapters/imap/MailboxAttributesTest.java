package org.dtp.adapters.imap;

import org.dtp.models.mail.SpecialUse;
import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

public class MailboxAttributesTest {
    @Test
    public void inboxIsKnownByNameInAnyCase() {
        assertEquals(SpecialUse.INBOX, MailboxAttributes.of("inbox", new String[0]).use());
    }

    @Test
    public void specialUseAttributesAreMappedAndHierarchyAttributesIgnored() {
        assertEquals(SpecialUse.SENT, MailboxAttributes.of("Sent Items", new String[]{"\\HasNoChildren", "\\Sent"}).use());
        assertEquals(SpecialUse.ALL, MailboxAttributes.of("[Gmail]/All Mail", new String[]{"\\All", "\\HasNoChildren"}).use());
        assertEquals(SpecialUse.IMPORTANT, MailboxAttributes.of("Important", new String[]{"\\Important"}).use());
        assertNull(MailboxAttributes.of("Work", new String[]{"\\HasChildren", "\\Marked", "\\Subscribed"}));
    }

    @Test
    public void anUnknownAttributeIsOtherWithItsText() {
        MailboxAttributes.Use use = MailboxAttributes.of("Snoozed", new String[]{"\\Snoozed"});
        assertEquals(SpecialUse.OTHER, use.use());
        assertEquals("\\Snoozed", use.text());
        assertEquals("\\Snoozed", MailboxAttributes.attributeOf(use.use(), use.text()));
        assertEquals("\\Trash", MailboxAttributes.attributeOf(SpecialUse.TRASH, null));
    }
}
