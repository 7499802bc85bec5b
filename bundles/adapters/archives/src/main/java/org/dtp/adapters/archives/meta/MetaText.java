package org.dtp.adapters.archives.meta;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Meta's archives escape every byte of a string's UTF-8 encoding as its own <code>&#92;u00XX</code> ("Caf&#92;u00c3&#92;u00a9" for
 * "Café", four escapes for an emoji), so a JSON parser reads Latin-1 mojibake. A string is mended when all its
 * characters are below U+0100, some above U+007F, and its characters taken as bytes are valid UTF-8; any other
 * string (real Latin-1 text, already right) is left as it is.
 */
final class MetaText {
    private MetaText() {
    }

    static String fix(String text) {
        if (text == null) {
            return null;
        }
        boolean high = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c > 0xFF) {
                return text;
            }
            high |= c > 0x7F;
        }
        if (!high) {
            return text;
        }
        try {
            CharBuffer decoded = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)));
            return decoded.toString();
        } catch (CharacterCodingException e) {
            return text;
        }
    }

    /** A text field of a Meta record, mended; null when absent or blank. */
    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isBlank() ? fix(value.asText()) : null;
    }
}
