package org.dtp.conformance;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * An mbox as Gmail's Takeout and mail programs write it (mboxrd, RFC 4155): a "From " line before each message, lines
 * of bodies matching {@code >*From } stored with one '>' more, an empty line after each message; among the messages
 * one without a final line break, one with LF line ends and one larger than a 64 KiB read buffer. For tests of
 * exporters that read mbox files: the file's bytes, each message's own bytes and where its "From " line starts.
 */
public final class MboxSample {
    /** How large the large message is: several read buffers. */
    private static final int LARGE_BODY_LINES = 4000;

    private final byte[] bytes;
    private final List<byte[]> messages;
    private final List<Long> offsets;

    private MboxSample(byte[] bytes, List<byte[]> messages, List<Long> offsets) {
        this.bytes = bytes;
        this.messages = messages;
        this.offsets = offsets;
    }

    /** An mbox of {@code count} messages (at least 4 for all the shapes above). */
    public static MboxSample of(int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<byte[]> messages = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String eol = i == 3 ? "\n" : "\r\n";
            StringBuilder body = new StringBuilder("From here on, message " + i + eol + ">From the archive" + eol
                    + ">>From deeper" + eol + "From" + eol);
            if (i == 4) {
                for (int line = 0; line < LARGE_BODY_LINES; line++) {
                    body.append(String.format("%05d the quick brown fox jumps over the lazy dog%s", line, eol));
                }
            }
            body.append(i == 2 ? "no line break at the end" : "Bye" + eol);
            String message = "X-Gmail-Labels: Inbox,Work" + eol + "From: Ann <ann@example.org>" + eol + "To: bob@example.org"
                    + eol + "Subject: message " + i + eol + "Message-ID: <m" + i + "@example.org>" + eol
                    + "Date: Mon, 2 Dec 2024 18:3" + (i % 10) + ":00 +0100" + eol + eol + body;
            messages.add(message.getBytes(StandardCharsets.UTF_8));
            offsets.add((long) out.size());
            String stored = message.replaceAll("(?m)^(>*From )", ">$1");
            out.writeBytes(("From 17900000000000000" + i + "@xxx Mon Dec 02 17:3" + (i % 10) + ":00 +0000 2024" + eol + stored + eol)
                    .getBytes(StandardCharsets.UTF_8));
        }
        return new MboxSample(out.toByteArray(), List.copyOf(messages), List.copyOf(offsets));
    }

    /** The mbox file's bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Each message's own bytes (unquoted, without the separating empty line), in the file's order. */
    public List<byte[]> messages() {
        return messages;
    }

    /** Where each message's "From " line starts in the file. */
    public List<Long> offsets() {
        return offsets;
    }

    /** Every message {@code exporter} gives of {@code side}, by id, as the bytes its {@code openMedia} gives. */
    public static Map<String, byte[]> messagesById(Exporter<MailFolder, MailMessage> exporter, TransferEndpoint side)
            throws Exception {
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), side);
        Map<String, byte[]> byId = new TreeMap<>();
        for (MailMessage message : ExportWalk.of(exporter, context).allItems()) {
            try (InputStream in = exporter.openMedia(context, message.raw())) {
                byId.put(message.id(), in.readAllBytes());
            }
        }
        return byId;
    }
}
