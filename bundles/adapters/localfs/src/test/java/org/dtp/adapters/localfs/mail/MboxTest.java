package org.dtp.adapters.localfs.mail;

import org.dtp.formats.mail.MboxReader;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

/** mboxrd reading and writing on their own. */
public class MboxTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static byte[] quote(byte[] message) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputStream quoting = Mbox.quoting(out);
        quoting.write(message);
        Mbox.finish(quoting);
        return out.toByteArray();
    }

    @Test
    public void quotingAddsOneGreaterToEveryFromLineAndNothingElse() throws Exception {
        String message = "From the start\n>From once\n>>From twice\nFrom\nFromage\n From indented\n>Fro\r\nFrom crlf\r\n>From";
        assertEquals(">From the start\n>>From once\n>>>From twice\nFrom\nFromage\n From indented\n>Fro\r\n>From crlf\r\n>From",
                new String(quote(message.getBytes(StandardCharsets.US_ASCII)), StandardCharsets.US_ASCII));
    }

    @Test
    public void theSampleMboxGivesBackEachMessageByteForByte() throws Exception {
        Path mbox = temp.getRoot().toPath().resolve("sample.mbox");
        Files.write(mbox, MailSamples.bytes(MailSamples.MBOX));

        Mbox.Scan scan = Mbox.scan(mbox, 0, 100);

        assertEquals(-1, scan.next());
        assertEquals(MailSamples.IN_MBOX.size(), scan.entries().size());
        for (int i = 0; i < scan.entries().size(); i++) {
            MboxReader.Message entry = scan.entries().get(i);
            byte[] expected = MailSamples.bytes(MailSamples.IN_MBOX.get(i));
            assertEquals(MailSamples.IN_MBOX.get(i), expected.length, entry.size());
            try (InputStream in = Mbox.open(mbox, entry.contentStart(), entry.size())) {
                assertArrayEquals(MailSamples.IN_MBOX.get(i), expected, in.readAllBytes());
            }
        }
        assertEquals(Instant.parse("2024-12-03T08:15:00Z"), scan.entries().get(2).arrived());
        assertEquals(Instant.parse("2002-01-02T10:00:00Z"), scan.entries().get(1).arrived());
    }

    @Test
    public void pagesContinueWhereTheLastEnded() throws Exception {
        Path mbox = temp.getRoot().toPath().resolve("sample.mbox");
        Files.write(mbox, MailSamples.bytes(MailSamples.MBOX));

        Mbox.Scan first = Mbox.scan(mbox, 0, 3);
        Mbox.Scan rest = Mbox.scan(mbox, first.next(), 3);

        assertEquals(3, first.entries().size());
        assertEquals(first.next(), rest.entries().get(0).offset());
        assertEquals(1, rest.entries().size());
        assertEquals(-1, rest.next());
        assertEquals(first.next(), Mbox.contentStart(mbox, first.next()) - "From ann@example.org Mon Dec  2 18:30:00 2024\n".length());
        assertEquals(-1, Mbox.contentStart(mbox, first.next() + 1)); // not where a "From " line starts
    }

    @Test
    public void bytesBeforeTheFirstFromLineAreNoMessage() throws Exception {
        Path mbox = temp.getRoot().toPath().resolve("odd.mbox");
        Files.writeString(mbox, "garbage\nFrom a@b Mon Dec  2 18:30:00 2024\nSubject: x\n\n>From y\n\n", StandardCharsets.US_ASCII);

        List<MboxReader.Message> entries = Mbox.scan(mbox, 0, 10).entries();

        assertEquals(1, entries.size());
        try (InputStream in = Mbox.open(mbox, entries.get(0).contentStart(), entries.get(0).size())) {
            assertEquals("Subject: x\n\nFrom y\n", new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        }
    }

    @Test
    public void theFromLineNamesSenderAndTimeInUtc() {
        assertEquals("From ann@example.org Mon Dec  2 18:30:00 2024", Mbox.separator("ann@example.org", Instant.parse("2024-12-02T18:30:00Z")));
        assertEquals("From MAILER-DAEMON Thu Jan  1 00:00:00 1970", Mbox.separator("no one", Instant.EPOCH));
        assertEquals("ann@example.org", LocalFolderMailImporter.envelopeSender("Ann Example <ann@example.org>"));
    }
}
