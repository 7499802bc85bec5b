package org.dtp.adapters.archives.takeout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.text.Normalizer;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;

/**
 * An album folder's own JSON: title, description and date. Takeout names the file in the account's language and
 * older exports wrap the fields in {@code albumData}; a folder without one is a year folder ("Photos from 2019").
 */
record AlbumMetadata(String title, String description, Instant date) {
    /**
     * The names seen in real exports: metadata.json, and in German, French, Spanish, Catalan, Italian, Slovak, Russian
     * and Bulgarian accounts (immich-go's notes on the Takeout layout, GooglePhotosTakeoutHelper issue #8); compared
     * in lower case, NFC.
     */
    private static final Set<String> NAMES = Set.of("metadata.json", "metadaten.json", "métadonnées.json",
            "metadatos.json", "metadades.json", "metadati.json", "metadáta.json", "метаданные.json", "метаданни.json");

    static boolean isAlbumMetadata(String fileName) {
        return NAMES.contains(Normalizer.normalize(fileName, Normalizer.Form.NFC).toLowerCase(Locale.ROOT));
    }

    static AlbumMetadata read(ObjectMapper json, InputStream in) throws IOException {
        JsonNode root = json.readTree(in);
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        JsonNode album = root.has("albumData") ? root.path("albumData") : root;
        JsonNode timestamp = album.path("date").path("timestamp");
        Instant date = null;
        if (timestamp.isTextual() || timestamp.isNumber()) {
            try {
                date = Instant.ofEpochSecond(Long.parseLong(timestamp.asText().strip()));
            } catch (NumberFormatException e) {
                date = null;
            }
        }
        return new AlbumMetadata(text(album.path("title")), text(album.path("description")), date);
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
    }
}
