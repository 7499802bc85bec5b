package org.dtp.adapters.archives.mastodon;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plain text of the little HTML Mastodon writes a post's content in: paragraphs ({@code <p>}) and line breaks
 * ({@code <br>}) become blank lines and new lines, other tags go (a link's hidden {@code <span class="invisible">}
 * parts hold the rest of its address, so the whole address remains), entities are decoded.
 */
final class HtmlText {
    private static final Pattern BREAK = Pattern.compile("<br\\s*/?>", Pattern.CASE_INSENSITIVE);
    private static final Pattern PARAGRAPH = Pattern.compile("</p>\\s*<p[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern ENTITY = Pattern.compile("&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos|nbsp);");

    private HtmlText() {
    }

    static String toText(String html) {
        if (html == null) {
            return null;
        }
        String text = TAG.matcher(PARAGRAPH.matcher(BREAK.matcher(html).replaceAll("\n")).replaceAll("\n\n")).replaceAll("");
        Matcher entity = ENTITY.matcher(text);
        StringBuilder decoded = new StringBuilder();
        while (entity.find()) {
            entity.appendReplacement(decoded, Matcher.quoteReplacement(decode(entity.group(1))));
        }
        entity.appendTail(decoded);
        return decoded.toString().strip();
    }

    private static String decode(String entity) {
        return switch (entity) {
            case "amp" -> "&";
            case "lt" -> "<";
            case "gt" -> ">";
            case "quot" -> "\"";
            case "apos" -> "'";
            case "nbsp" -> "\u00a0";
            default -> {
                int code = entity.startsWith("#x") ? Integer.parseInt(entity.substring(2), 16) : Integer.parseInt(entity.substring(1));
                yield Character.isValidCodePoint(code) ? new String(Character.toChars(code)) : "\ufffd";
            }
        };
    }
}
