package org.dtp.adapters.metagraph;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** The Graph API's times, ISO 8601 with an offset without colon: {@code 2017-08-31T18:10:00+0000}. */
public final class GraphTimes {
    private static final DateTimeFormatter GRAPH = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssZ");

    private GraphTimes() {
    }

    /** The instant of a Graph time (also taking ISO 8601 with a colon); null for null, blank or unreadable text. */
    public static Instant parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text.strip(), GRAPH).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(text.strip()).toInstant();
            } catch (DateTimeParseException again) {
                return null;
            }
        }
    }
}
