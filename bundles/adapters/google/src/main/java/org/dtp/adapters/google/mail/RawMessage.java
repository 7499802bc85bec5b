package org.dtp.adapters.google.mail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Base64;

/**
 * The RFC 822 bytes of a Gmail {@code messages.get?format=raw} answer, streamed: Jackson reads the answer up to its
 * {@code raw} field, and the base64url text of that field is decoded as it is read, so a message of 150 MB never
 * sits in memory (as a JSON tree it would take about three times that).
 */
final class RawMessage {
    private static final JsonFactory JSON = new JsonFactory();

    private RawMessage() {
    }

    /** The decoded {@code raw} field of the JSON {@code answer}; closing it closes the answer. */
    static InputStream decode(InputStream answer) throws IOException {
        JsonParser parser = JSON.createParser(answer);
        try {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("Gmail answered with something other than a message");
            }
            for (JsonToken t = parser.nextToken(); t != null && t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                if (t == JsonToken.FIELD_NAME && "raw".equals(parser.currentName())) {
                    // Jackson may have read past the colon and the opening quote already; what it holds unread comes first.
                    ByteArrayOutputStream held = new ByteArrayOutputStream();
                    parser.releaseBuffered(held);
                    InputStream rest = new SequenceInputStream(new ByteArrayInputStream(held.toByteArray()), answer);
                    return Base64.getUrlDecoder().wrap(new Base64Text(rest));
                }
                if (t == JsonToken.FIELD_NAME) {
                    parser.nextToken();
                    parser.skipChildren();
                }
            }
            throw new IOException("Gmail answered without the raw message");
        } catch (IOException | RuntimeException e) {
            answer.close();
            throw e;
        }
    }

    /**
     * The base64url text of a JSON string value: the colon, space and opening quote before it are skipped (none of
     * them is a base64url character), and the closing quote ends it.
     */
    private static final class Base64Text extends FilterInputStream {
        private boolean started;
        private boolean ended;

        Base64Text(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            if (ended) {
                return -1;
            }
            int c = in.read();
            while (!started && (c == ':' || c == '"' || c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
                c = in.read();
            }
            started = true;
            if (c == '"') {
                ended = true;
                return -1;
            }
            if (c < 0) {
                throw new IOException("Gmail's answer ended inside the raw message");
            }
            if (c == '\\') {
                throw new IOException("Gmail's raw message holds an escape, which base64url never needs");
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n = 0;
            if (!started) {
                int c = read();
                if (c < 0) {
                    return -1;
                }
                b[off] = (byte) c;
                n = 1;
            }
            if (ended) {
                return n == 0 ? -1 : n;
            }
            int got = in.read(b, off + n, len - n);
            if (got < 0) {
                if (n > 0) {
                    return n;
                }
                throw new IOException("Gmail's answer ended inside the raw message");
            }
            for (int i = off + n; i < off + n + got; i++) {
                if (b[i] == '"') {
                    ended = true;
                    return i - off == 0 ? -1 : i - off;
                }
                if (b[i] == '\\') {
                    throw new IOException("Gmail's raw message holds an escape, which base64url never needs");
                }
            }
            return n + got;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = 0;
            while (skipped < n && read() >= 0) {
                skipped++;
            }
            return skipped;
        }

        @Override
        public int available() {
            return 0;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
