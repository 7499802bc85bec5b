package org.dtp.auth.oauth2;

import org.dtp.spi.http.FormEncoding;

import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Provider text made safe to show: control characters out, at most {@value #MAX_CHARS} characters, and
 * every secret of the exchange (as sent, form-encoded, in any letter case) replaced by {@code ***}, since
 * a provider may echo the code or a token in its {@code error_description}.
 */
final class Redaction {
    static final int MAX_CHARS = 300;

    private Redaction() {
    }

    static String clean(String text, Collection<String> secrets) {
        if (text == null) {
            return "";
        }
        String out = text;
        for (String secret : secrets) {
            if (secret != null && !secret.isEmpty()) {
                out = replaceIgnoringCase(out, secret);
                out = replaceIgnoringCase(out, FormEncoding.percentEncode(secret));
            }
        }
        StringBuilder oneLine = new StringBuilder(out.length());
        out.codePoints().forEach(c -> oneLine.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        String result = oneLine.toString().replaceAll("\\s+", " ").strip();
        return result.length() <= MAX_CHARS ? result : result.substring(0, MAX_CHARS) + "…";
    }

    private static String replaceIgnoringCase(String text, String secret) {
        return Pattern.compile(Pattern.quote(secret), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE)
                .matcher(text).replaceAll(Matcher.quoteReplacement("***"));
    }
}
