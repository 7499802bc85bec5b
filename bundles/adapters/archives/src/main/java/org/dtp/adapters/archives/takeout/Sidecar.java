package org.dtp.adapters.archives.takeout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.media.GeoLocation;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What Takeout's JSON beside a photo says of it: its title (the name it was uploaded under, never cut short), the
 * description typed in Google Photos, when it was taken (else when it was uploaded), where (as Google Photos placed
 * it, else as the camera's EXIF said), the people recognised in it and whether it is a favourite (its {@code url}, the
 * photo's address at Google Photos, means nothing elsewhere and is not read). Fields are as Takeout writes them:
 * {@code photoTakenTime.timestamp} in epoch seconds as a string, {@code geoData} with 0.0/0.0 when there is no place.
 */
record Sidecar(String title, String description, Instant takenAt, Instant createdAt, GeoLocation location,
               List<String> people, boolean favorited) {

    static Sidecar read(ObjectMapper json, InputStream in) throws IOException {
        JsonNode root = json.readTree(in);
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        List<String> people = new ArrayList<>();
        for (JsonNode person : root.path("people")) {
            String name = text(person.path("name"));
            if (name != null) {
                people.add(name);
            }
        }
        GeoLocation place = location(root.path("geoData"));
        return new Sidecar(text(root.path("title")), text(root.path("description")),
                time(root.path("photoTakenTime")), time(root.path("creationTime")),
                place != null ? place : location(root.path("geoDataExif")),
                List.copyOf(people), root.path("favorited").asBoolean(false));
    }

    /** When the photo was taken, else when it was uploaded (scans and screenshots often have only that). */
    Instant when() {
        return takenAt != null ? takenAt : createdAt;
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
    }

    private static Instant time(JsonNode node) {
        JsonNode timestamp = node.path("timestamp");
        if (timestamp.isMissingNode() || timestamp.isNull()) {
            return null;
        }
        try {
            long seconds = timestamp.isNumber() ? timestamp.asLong() : Long.parseLong(timestamp.asText().strip());
            return seconds == 0 ? null : Instant.ofEpochSecond(seconds);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Takeout writes 0.0, 0.0 (and altitude 0.0) for "no place"; that point in the Gulf of Guinea is never kept. */
    private static GeoLocation location(JsonNode geo) {
        if (!geo.path("latitude").isNumber() || !geo.path("longitude").isNumber()) {
            return null;
        }
        double latitude = geo.path("latitude").asDouble();
        double longitude = geo.path("longitude").asDouble();
        if ((latitude == 0 && longitude == 0) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
            return null;
        }
        JsonNode altitude = geo.path("altitude");
        return new GeoLocation(latitude, longitude, altitude.isNumber() ? altitude.asDouble() : null);
    }
}
