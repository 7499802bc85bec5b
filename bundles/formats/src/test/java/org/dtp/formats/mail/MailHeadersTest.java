package org.dtp.formats.mail;

import org.junit.Test;

import java.time.OffsetDateTime;
import java.util.Locale;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/** Date headers as RFC 5322 §3.3 and §4.3 write them, and mailboxes as a person reads them. */
public class MailHeadersTest {
    private static final OffsetDateTime TUESDAY_MORNING = OffsetDateTime.parse("2024-12-03T09:01:00+01:00");

    @Test
    public void aDateWithItsOffsetIsReadAtThatOffset() {
        assertEquals(TUESDAY_MORNING, MailHeaders.date("Tue, 03 Dec 2024 09:01:00 +0100"));
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00-05:30"), MailHeaders.date("Tue, 3 Dec 2024 09:01:00 -0530"));
    }

    @Test
    public void commentsMayStandAnywhere() {
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00-04:00"), MailHeaders.date("Tue, 3 Dec 2024 09:01:00 -0400 (EDT)"));
        assertEquals(TUESDAY_MORNING, MailHeaders.date("(sent) Tue,(day)3 Dec(ember) 2024 09:01:00 +0100"));
        assertEquals("nested, with a quoted parenthesis", TUESDAY_MORNING,
                MailHeaders.date("Tue, 3 Dec 2024 09:01:00 +0100 (Central (European) Time \\) )"));
        assertEquals("a comment cut short", TUESDAY_MORNING, MailHeaders.date("Tue, 3 Dec 2024 09:01:00 +0100 (CET"));
    }

    @Test
    public void foldedWhiteSpaceIsOneSeparator() {
        assertEquals(TUESDAY_MORNING, MailHeaders.date(" Tue,\r\n 3  Dec 2024\r\n\t09:01:00\t+0100\r\n"));
    }

    @Test
    public void theDayOfWeekAndTheSecondsMayBeLeftOut() {
        assertEquals(TUESDAY_MORNING, MailHeaders.date("3 Dec 2024 09:01:00 +0100"));
        assertEquals(TUESDAY_MORNING, MailHeaders.date("Tue, 3 Dec 2024 09:01 +0100"));
    }

    @Test
    public void aDayOfWeekThatDisagreesWithTheDateGivesWayToIt() {
        assertEquals(TUESDAY_MORNING, MailHeaders.date("Mon, 3 Dec 2024 09:01:00 +0100"));
    }

    @Test
    public void namesAreEnglishInAnyCaseWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertEquals(TUESDAY_MORNING, MailHeaders.date("Tue, 3 Dec 2024 09:01:00 +0100"));
            assertEquals(TUESDAY_MORNING, MailHeaders.date("TUE, 3 dec 2024 09:01:00 +0100"));
            assertNull(MailHeaders.date("Di, 3 Dez 2024 09:01:00 +0100"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    public void obsoleteSyntaxIsRead() {
        assertEquals("white space around comma and colons", TUESDAY_MORNING,
                MailHeaders.date("Tue , 3 Dec 2024 09 : 01 : 00 +0100"));
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00Z"), MailHeaders.date("3 Dec 24 09:01:00 +0000"));
        assertEquals(OffsetDateTime.parse("1999-12-03T09:01:00Z"), MailHeaders.date("3 Dec 99 09:01:00 +0000"));
        assertEquals("three digits count from 1900", OffsetDateTime.parse("2024-12-03T09:01:00Z"),
                MailHeaders.date("3 Dec 124 09:01:00 +0000"));
    }

    @Test
    public void zoneNamesAreTheOffsetsRfc5322Gives() {
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00Z"), MailHeaders.date("Tue, 3 Dec 2024 09:01:00 GMT"));
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00Z"), MailHeaders.date("Tue, 3 Dec 2024 09:01:00 UT"));
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00-04:00"), MailHeaders.date("Tue, 3 Dec 2024 09:01:00 EDT"));
        assertEquals(OffsetDateTime.parse("2024-12-03T09:01:00-08:00"), MailHeaders.date("Tue, 3 Dec 2024 09:01:00 pst"));
        assertNull("another name says nothing sure (CET is an hour off UTC): unread, so a caller can fall back",
                MailHeaders.date("Tue, 3 Dec 2024 09:01:00 CET"));
        assertNull("a military letter", MailHeaders.date("Tue, 3 Dec 2024 09:01:00 A"));
    }

    @Test
    public void aLeapSecondIsTheSecondBefore() {
        assertEquals(OffsetDateTime.parse("2016-12-31T23:59:59Z"), MailHeaders.date("Sat, 31 Dec 2016 23:59:60 +0000"));
    }

    @Test
    public void whatIsNoDateIsNull() {
        assertNull(MailHeaders.date(null));
        String[] unreadable = {
                "", "yesterday", "Tue, 3 Dec 2024", "Tue, 3 Dec 2024 09:01:00", "2024-12-03T09:01:00+01:00",
                "Tue Dec  3 09:01:00 2024", "Xyz, 3 Dec 2024 09:01:00 +0100", "Tue, 3 Xyz 2024 09:01:00 +0100",
                "Sat, 31 Feb 2024 09:01:00 +0100", "Tue, 3 Dec 2024 24:01:00 +0100", "Tue, 3 Dec 2024 09:01:00 +2500",
                "Tue, 3 Dec 2024 09:01:00 +0175", "Tue, 3 Dec 2024 09:01:00 +0100 trailing words",
                "Tue, 3 Dec 2024 09:01:00 +0100 )", "3Dec 2024 09:01:00 +0100"};
        for (String text : unreadable) {
            assertNull(text, MailHeaders.date(text));
        }
    }

    @Test
    public void aMailboxShowsItsDisplayNameWhenItHasOne() {
        assertEquals("Jörg Müller <joerg@example.org>", MailHeaders.mailbox("Jörg Müller", "joerg@example.org"));
        assertEquals("joerg@example.org", MailHeaders.mailbox(null, "joerg@example.org"));
        assertEquals("joerg@example.org", MailHeaders.mailbox(" ", "joerg@example.org"));
    }
}
