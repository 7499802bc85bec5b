package org.dtp.spi.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code application/x-www-form-urlencoded} bodies and query strings. Encoding follows RFC 3986
 * (everything but {@code ALPHA DIGIT - . _ ~} as UTF-8 {@code %XX}, spaces as {@code %20}), which every
 * form decoder reads and which is also what OAuth 1.0a signs; decoding also takes {@code +} as a space.
 */
public final class FormEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private FormEncoding() {
    }

    /** {@code name=value&...} of the pairs, in order. */
    public static String encode(List<Map.Entry<String, String>> pairs) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> pair : pairs) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(percentEncode(pair.getKey())).append('=').append(percentEncode(pair.getValue()));
        }
        return out.toString();
    }

    /** RFC 3986 percent-encoding of the UTF-8 bytes of {@code text}. */
    public static String percentEncode(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }

    /** The pairs of a form body or raw query string (empty names kept; a pair without {@code =} has value ""). */
    public static List<Map.Entry<String, String>> decode(String encoded) {
        List<Map.Entry<String, String>> pairs = new ArrayList<>();
        if (encoded == null || encoded.isEmpty()) {
            return pairs;
        }
        for (String part : encoded.split("&", -1)) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            String name = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            pairs.add(Map.entry(percentDecode(name), percentDecode(value)));
        }
        return pairs;
    }

    /** Decodes {@code %XX} (as UTF-8) and {@code +} (as a space); a malformed escape is kept as it is. */
    public static String percentDecode(String text) {
        if (text.indexOf('%') < 0 && text.indexOf('+') < 0) {
            return text;
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '+') {
                out.write(' ');
                i++;
            } else if (c == '%' && i + 2 < text.length()
                    && Character.digit(text.charAt(i + 1), 16) >= 0 && Character.digit(text.charAt(i + 2), 16) >= 0) {
                out.write(Character.digit(text.charAt(i + 1), 16) * 16 + Character.digit(text.charAt(i + 2), 16));
                i += 3;
            } else {
                int cp = text.codePointAt(i);
                byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
                i += Character.charCount(cp);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
