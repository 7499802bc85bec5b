package org.dtp.adapters.smugmug;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of SmugMug API v2 answers the adapter reads. Shapes as SmugMug's reference pages and live API
 * browser show them: every answer is {@code {"Response": {..., "<Locator>": object or array, "Pages": {...}}}};
 * links are {@code "Uris": {"Name": {"Uri": "/api/v2/..."}}}; an empty list has no locator key at all.
 */
final class SmugMugObjects {
    private static final Pattern START = Pattern.compile("[?&]start=(\\d+)");

    private SmugMugObjects() {
    }

    /** The authenticated user: nick name and the links the adapter follows. */
    record User(String nickName, String albumsUri, String folderUri) {
    }

    record Album(String key, String uri, String name, String urlName, String description, List<String> keywords, int imageCount) {
        boolean hasKeyword(String keyword) {
            return keywords.stream().anyMatch(k -> k.equalsIgnoreCase(keyword));
        }
    }

    record Image(String albumKey, String imageKey, String albumImageUri, String imageUri, String fileName, String title,
                 String caption, List<String> keywords, String format, boolean video, String archivedUri, long archivedSize,
                 String archivedMd5, Integer width, Integer height, Double latitude, Double longitude, Double altitude,
                 Instant takenAt) {
        boolean hasKeyword(String keyword) {
            return keywords.stream().anyMatch(k -> k.equalsIgnoreCase(keyword));
        }
    }

    /** One page: its items and the {@code start} of the next page, null on the last. */
    record Page<T>(List<T> items, Integer nextStart) {
    }

    static JsonNode response(JsonNode answer, String what) throws AdapterException {
        JsonNode response = answer.path("Response");
        if (!response.isObject()) {
            throw new AdapterException("SmugMug's answer for " + what + " has no Response object");
        }
        return response;
    }

    static User user(JsonNode answer) throws AdapterException {
        JsonNode u = response(answer, "the user").path("User");
        String nick = u.path("NickName").asText("");
        if (nick.isEmpty()) {
            throw new AdapterException("SmugMug's answer for the authenticated user has no NickName");
        }
        String albums = link(u, "UserAlbums", "/api/v2/user/" + nick + "!albums");
        String folder = link(u, "Folder", "/api/v2/folder/user/" + nick);
        return new User(nick, albums, folder);
    }

    static Album album(JsonNode a) throws AdapterException {
        String key = a.path("AlbumKey").asText("");
        if (!key.matches("[A-Za-z0-9]+")) {
            throw new AdapterException("SmugMug sent an album without a valid AlbumKey");
        }
        String name = a.path("Name").asText(a.path("Title").asText(""));
        return new Album(key, a.path("Uri").asText("/api/v2/album/" + key), name, a.path("UrlName").asText(""),
                a.path("Description").asText(""), keywords(a), a.path("ImageCount").asInt(0));
    }

    static Image image(JsonNode i, String albumKey) throws AdapterException {
        String key = i.path("ImageKey").asText("");
        if (!key.matches("[A-Za-z0-9]+")) {
            throw new AdapterException("SmugMug sent an image without a valid ImageKey");
        }
        int serial = i.path("Serial").asInt(0);
        String imageUri = link(i, "Image", "/api/v2/image/" + key + "-" + serial);
        String albumImageUri = i.path("Uri").asText("/api/v2/album/" + albumKey + "/image/" + key + "-" + serial);
        long size = i.path("ArchivedSize").isMissingNode() ? -1 : i.path("ArchivedSize").asLong(-1);
        return new Image(albumKey, key, albumImageUri, imageUri, i.path("FileName").asText(""), i.path("Title").asText(""),
                i.path("Caption").asText(""), keywords(i), i.path("Format").asText("").toUpperCase(Locale.ROOT),
                i.path("IsVideo").asBoolean(false), blankToNull(i.path("ArchivedUri").asText("")), size < 0 ? -1 : size,
                blankToNull(i.path("ArchivedMD5").asText("")), positive(i.path("OriginalWidth")), positive(i.path("OriginalHeight")),
                number(i.path("Latitude")), number(i.path("Longitude")), number(i.path("Altitude")),
                instant(i.path("DateTimeOriginal").asText("")));
    }

    /** The objects of a list answer ({@code Response.<locator>}, absent when empty) and the next start. */
    static List<JsonNode> list(JsonNode answer, String locator, String what) throws AdapterException {
        JsonNode items = response(answer, what).path(locator);
        List<JsonNode> out = new ArrayList<>();
        if (items.isArray()) {
            items.forEach(out::add);
        } else if (items.isObject()) {
            out.add(items);
        }
        return out;
    }

    /** {@code start} of {@code Response.Pages.NextPage}, or null when there is none. */
    static Integer nextStart(JsonNode answer, int start, int returned) {
        JsonNode pages = answer.path("Response").path("Pages");
        String next = pages.path("NextPage").asText("");
        if (next.isEmpty() || returned == 0) {
            return null;
        }
        Matcher m = START.matcher(next);
        if (m.find()) {
            try {
                int nextStart = Integer.parseInt(m.group(1));
                return nextStart > start ? nextStart : start + returned;
            } catch (NumberFormatException e) {
                return start + returned;
            }
        }
        return start + returned;
    }

    private static String link(JsonNode object, String name, String otherwise) {
        String uri = object.path("Uris").path(name).path("Uri").asText("");
        if (uri.isEmpty()) {
            uri = object.path("Uris").path(name).asText(""); // "_shorturis" answers give the URI as text
        }
        return uri.isEmpty() ? otherwise : uri;
    }

    private static List<String> keywords(JsonNode o) {
        List<String> out = new ArrayList<>();
        JsonNode array = o.path("KeywordArray");
        if (array.isArray()) {
            array.forEach(k -> out.add(k.asText().trim()));
        } else {
            for (String k : o.path("Keywords").asText("").split("[;,]")) {
                out.add(k.trim());
            }
        }
        out.removeIf(String::isEmpty);
        return List.copyOf(out);
    }

    private static Integer positive(JsonNode n) {
        int v = n.asInt(0);
        return v > 0 ? v : null;
    }

    /** Latitude and friends come as text ("45.50066600") or as numbers. */
    private static Double number(JsonNode n) {
        if (n.isNumber()) {
            return n.asDouble();
        }
        try {
            String text = n.asText("").trim();
            return text.isEmpty() ? null : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Instant instant(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text.trim()).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
