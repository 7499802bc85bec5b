package org.dtp.adapters.imap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The sample messages of src/test/resources/samples (see the README there), with CRLF line ends as IMAP carries them. */
final class Samples {
    static final List<String> NAMES = List.of("python-msg_02.eml", "python-msg_15.eml", "python-msg_35.eml", "dtp-8bit-charsets.eml");

    private Samples() {
    }

    /** The sample's bytes, bare LFs turned into CRLF (as an MTA delivers it); nothing else changed. */
    static byte[] crlf(String name) throws IOException {
        byte[] raw;
        try (InputStream in = Samples.class.getClassLoader().getResourceAsStream("samples/" + name)) {
            raw = in.readAllBytes();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length + 200);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '\n' && (i == 0 || raw[i - 1] != '\r')) {
                out.write('\r');
            }
            out.write(raw[i]);
        }
        return out.toByteArray();
    }

    /** A message of about {@code size} bytes: headers, then a base64-looking body of generated lines. */
    static byte[] large(String messageId, int size) {
        StringBuilder header = new StringBuilder()
                .append("From: Big Sender <big@example.org>\r\n")
                .append("To: ann@example.org\r\n")
                .append("Subject: a large attachment\r\n")
                .append("Date: Mon, 02 Dec 2024 10:00:00 +0000\r\n")
                .append("Message-ID: ").append(messageId).append("\r\n")
                .append("MIME-Version: 1.0\r\n")
                .append("Content-Type: application/octet-stream\r\n")
                .append("Content-Transfer-Encoding: base64\r\n\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(size + 100);
        out.writeBytes(header.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        long state = 0x9E3779B97F4A7C15L;
        while (out.size() < size) {
            for (int i = 0; i < 76; i++) {
                state ^= state << 13;
                state ^= state >>> 7;
                state ^= state << 17;
                out.write(alphabet.charAt((int) ((state >>> 1) % 64)));
            }
            out.write('\r');
            out.write('\n');
        }
        return out.toByteArray();
    }
}
