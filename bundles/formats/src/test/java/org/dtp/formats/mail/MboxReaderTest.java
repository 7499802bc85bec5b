package org.dtp.formats.mail;

import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class MboxReaderTest {
    /** Two messages as Gmail's Takeout writes them: its "From " line, the X-GM-THRID and X-Gmail-Labels headers first. */
    private static final String FIRST = "X-GM-THRID: 1790000000000000001\r\nX-Gmail-Labels: Inbox,Opened,Work/Projects\r\n"
            + "From: =?UTF-8?Q?J=C3=B6rg_M=C3=BCller?= <joerg@example.org>\r\nTo: ann@example.org\r\n"
            + "Subject: =?UTF-8?B?R3LDvMOfZQ==?=\r\nDate: Mon, 1 Jan 2024 12:00:00 +0100\r\nMessage-ID: <a1@example.org>\r\n\r\n"
            + "Hello,\r\nFrom here on, a line that starts with From.\r\n>From the archive, quoted once already.\r\nBye\r\n";
    private static final String SECOND = "X-Gmail-Labels: Sent\r\nSubject: second\r\n\r\nbody\r\n";

    private static byte[] mbox() {
        String quotedFirst = FIRST.replace("\r\nFrom here", "\r\n>From here").replace("\r\n>From the", "\r\n>>From the");
        return ("From 1790000000000000001@xxx Mon Jan 01 11:00:00 +0000 2024\r\n" + quotedFirst + "\r\n"
                + "From 1790000000000000002@xxx Tue Jan 02 08:30:00 +0000 2024\r\n" + SECOND + "\r\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static List<MboxReader.Message> scan(byte[] mbox) throws IOException {
        List<MboxReader.Message> messages = new ArrayList<>();
        MboxReader.scan(new ByteArrayInputStream(mbox), 0, messages::add);
        return messages;
    }

    private static String read(byte[] mbox, MboxReader.Message m) throws IOException {
        InputStream stored = new ByteArrayInputStream(mbox, (int) m.contentStart(), mbox.length);
        try (InputStream message = MboxReader.message(stored, m.size())) {
            return new String(message.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    public void messagesAreReadBackUnquotedWithoutTheSeparatingEmptyLine() throws Exception {
        byte[] mbox = mbox();
        List<MboxReader.Message> messages = scan(mbox);
        assertEquals(2, messages.size());
        assertEquals(FIRST, read(mbox, messages.get(0)));
        assertEquals(SECOND, read(mbox, messages.get(1)));
        assertEquals(FIRST.getBytes(StandardCharsets.UTF_8).length, messages.get(0).size());
    }

    @Test
    public void theFromLineDateIsReadWithGmailsZone() throws Exception {
        List<MboxReader.Message> messages = scan(mbox());
        assertEquals(Instant.parse("2024-01-01T11:00:00Z"), messages.get(0).arrived());
        assertEquals(Instant.parse("2020-01-01T00:00:00Z"), MboxReader.arrived("From MAILER-DAEMON Wed Jan  1 00:00:00 2020"));
        assertNull(MboxReader.arrived("From someone yesterday"));
    }

    @Test
    public void eachMessagesHeaderBlockIsGivenWithItsFieldsDecoded() throws Exception {
        MessageHeaders headers = MessageHeaders.of(scan(mbox()).get(0).headers());
        assertEquals("Inbox,Opened,Work/Projects", headers.value("X-Gmail-Labels"));
        assertEquals("1790000000000000001", headers.value("X-GM-THRID"));
        assertEquals("Grüße", headers.subject());
        assertEquals("Jörg Müller <joerg@example.org>", headers.from());
        assertEquals(List.of("ann@example.org"), headers.to());
        assertEquals("<a1@example.org>", headers.messageId());
        assertEquals(Instant.parse("2024-01-01T11:00:00Z"), headers.date().toInstant());
    }

    @Test
    public void aScanStopsWhereTheVisitorSaysAndSaysWhereTheNextMessageStarts() throws Exception {
        byte[] mbox = mbox();
        List<MboxReader.Message> all = scan(mbox);
        long next = MboxReader.scan(new ByteArrayInputStream(mbox), 0, m -> false);
        assertEquals(all.get(1).offset(), next);
        List<MboxReader.Message> rest = new ArrayList<>();
        InputStream from = new ByteArrayInputStream(mbox, (int) next, mbox.length);
        assertEquals(-1, MboxReader.scan(from, next, rest::add));
        assertEquals(List.of(all.get(1).contentStart()), rest.stream().map(MboxReader.Message::contentStart).toList());
    }

    @Test
    public void aMessageWithoutALastLineBreakLosesNothingToItsSeparator() throws Exception {
        String noLineBreak = "Subject: cut\r\n\r\nno line break at the end";
        byte[] mbox = ("From a@xxx Mon Jan 01 11:00:00 +0000 2024\r\n" + noLineBreak + "\r\n"
                + "From b@xxx Mon Jan 01 11:00:00 +0000 2024\n" + SECOND.replace("\r\n", "\n") + "\n")
                .getBytes(StandardCharsets.UTF_8);
        List<MboxReader.Message> messages = scan(mbox);
        assertEquals(noLineBreak, read(mbox, messages.get(0)));
        assertEquals(SECOND.replace("\r\n", "\n"), read(mbox, messages.get(1)));
    }

    @Test
    public void aMessageIsReadInAnyChunksAndNeverPastItsOwnStoredBytes() throws Exception {
        String tricky = "Subject: quotes\r\n\r\n>>>>From deep\r\n>\r\n>Fro\r\nFrom\r\n>From";
        byte[] mbox = ("From a@xxx Mon Jan 01 11:00:00 +0000 2024\r\n" + tricky.replaceAll("(?m)^(>*From )", ">$1") + "\r\n"
                + new String(mbox(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        List<MboxReader.Message> messages = scan(mbox);
        List<String> expected = List.of(tricky, FIRST, SECOND);
        for (int chunk : new int[]{1, 3, 7, 4096}) {
            for (int i = 0; i < messages.size(); i++) {
                MboxReader.Message m = messages.get(i);
                long[] consumed = {0};
                InputStream stored = new java.io.FilterInputStream(new ByteArrayInputStream(mbox, (int) m.contentStart(), mbox.length)) {
                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        int n = super.read(b, off, len);
                        consumed[0] += Math.max(0, n);
                        return n;
                    }
                };
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                try (InputStream message = MboxReader.message(stored, m.size())) {
                    byte[] buffer = new byte[chunk];
                    int n;
                    while ((n = message.read(buffer, 0, chunk)) > 0) {
                        out.write(buffer, 0, n);
                    }
                }
                assertEquals("message " + i + " in chunks of " + chunk, expected.get(i), out.toString(StandardCharsets.UTF_8));
                assertTrue("read " + consumed[0] + " bytes of a message stored in " + (m.end() - m.contentStart()),
                        consumed[0] <= m.end() - m.contentStart());
            }
        }
    }

    @Test
    public void bytesBeforeTheFirstFromLineAreNoMessage() throws Exception {
        byte[] mbox = ("a stray line\n" + new String(mbox(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        List<MboxReader.Message> messages = scan(mbox);
        assertEquals(2, messages.size());
        assertEquals(FIRST, read(mbox, messages.get(0)));
    }
}
