package org.dtp.webdav;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A resource as a multiget or GET returned it: its address, the HTTP status the server gave for it (200, or 404
 * for a resource that went away between listing and fetching), its ETag and its text (null unless 200).
 */
public record DavResource(URI href, int status, String etag, String data) {
    /** A content line naming the item: {@code NAME;params:value}. */
    private static final Pattern NAMING_LINE = Pattern.compile("^(UID|FN|SUMMARY)(?:;[^:\r\n]*)?:([^\r\n]*)$",
            Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);
    /** How much of a name an item error quotes. */
    private static final int MAX_NAME_CHARS = 80;

    public DavResource {
        Objects.requireNonNull(href, "href");
    }

    public boolean found() {
        return status == 200 && data != null;
    }

    /**
     * The resource as a person finds it again (since 1.2): its path and, when its text names them, the first UID
     * and the first FN (vCard) or SUMMARY (iCalendar), e.g. {@code /alice/book/x.vcf (UID 42, "Ada Lovelace")}.
     * Read line by line without a parser, so it works for text no parser takes.
     */
    public String describe() {
        String uid = null;
        String name = null;
        Matcher m = NAMING_LINE.matcher(data == null ? "" : data);
        while (m.find() && (uid == null || name == null)) {
            String value = shown(m.group(2));
            if (m.group(1).toUpperCase(Locale.ROOT).equals("UID")) {
                uid = uid == null ? value : uid;
            } else {
                name = name == null ? value : name;
            }
        }
        List<String> parts = new ArrayList<>();
        if (uid != null) {
            parts.add("UID " + uid);
        }
        if (name != null) {
            parts.add('"' + name + '"');
        }
        return href.getPath() + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")");
    }

    /** A value as an error message quotes it: control characters as U+FFFD, shortened; null when blank. */
    private static String shown(String value) {
        String clean = value.strip().replaceAll("\\p{Cntrl}", "\uFFFD");
        if (clean.isEmpty()) {
            return null;
        }
        return clean.length() <= MAX_NAME_CHARS ? clean : clean.substring(0, MAX_NAME_CHARS) + "…";
    }
}
