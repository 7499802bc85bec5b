package org.dtp.adapters.imap;

import jakarta.mail.Flags;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;

/**
 * The mail the IMAP benchmarks copy: {@code folders} folders "bench-0".. of {@code perFolder} messages each, every one
 * with its own Message-ID, every other one \Seen, INTERNALDATEs a minute apart. With {@code meanKb} 0 each is a short
 * text mail of about 2 KB; otherwise it carries a base64 attachment (as mail with attachments does) whose sizes spread
 * evenly from 0.1 to 1.9 times {@code meanKb}, so that the mailbox holds about folders × perFolder × meanKb KB.
 */
final class BenchmarkMail {
    private static final String LINE = "Line of the message body, to give it the size of a short mail.\r\n";
    private static final char[] BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();

    private BenchmarkMail() {
    }

    /** Fills the account; returns the bytes appended. */
    static long fill(Mailbox box, int folders, int perFolder, int meanKb) throws Exception {
        long bytes = 0;
        Instant day = Instant.parse("2024-03-01T08:00:00Z");
        Random random = new Random(21);
        for (int f = 0; f < folders; f++) {
            String folder = "bench-" + f;
            box.create(folder);
            for (int i = 0; i < perFolder; i++) {
                String header = "From: Ann <ann@example.org>\r\nTo: Bob <bob@example.org>\r\nSubject: bench " + f + "/" + i
                        + "\r\nDate: Fri, 01 Mar 2024 08:00:00 +0000\r\nMessage-ID: <bench-" + f + "-" + i + "@example.org>\r\n";
                String text = meanKb <= 0 ? header + "\r\n" + LINE.repeat(30)
                        : header + withAttachment((int) (meanKb * 1024L * (0.1 + 1.8 * ((i * 7919L) % 1000) / 1000.0)), random);
                byte[] raw = text.getBytes(StandardCharsets.US_ASCII);
                box.append(folder, raw, i % 2 == 0 ? new Flags(Flags.Flag.SEEN) : new Flags(), day.plusSeconds(60L * i));
                bytes += raw.length;
            }
        }
        return bytes;
    }

    /** A multipart body: a line of text and an attachment of about {@code bytes} base64 bytes in lines of 76. */
    private static String withAttachment(int bytes, Random random) {
        StringBuilder body = new StringBuilder(bytes + 512);
        body.append("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\n")
                .append("Content-Type: text/plain\r\n\r\n").append(LINE)
                .append("--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n")
                .append("Content-Disposition: attachment; filename=\"file.bin\"\r\n\r\n");
        for (int written = 0; written < bytes; written += 78) {
            for (int c = 0; c < 76; c++) {
                body.append(BASE64[random.nextInt(64)]);
            }
            body.append("\r\n");
        }
        return body.append("--b--\r\n").toString();
    }
}
