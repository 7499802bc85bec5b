package org.dtp.adapters.archives.social;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The records of one JSON array in a file, read one at a time with Jackson's streaming parser, so that a posts file
 * of any size costs the memory of one record: the array is the document itself, or the value of a field of the
 * top-level object ({@code orderedItems} of a Mastodon outbox), or, when no field is named and the document is an
 * object, its first array-valued field (older Meta exports wrap their posts so). An X archive's files are
 * JavaScript, {@code window.YTD.tweets.part0 = [ ... ]}: what comes before the {@code =} is skipped.
 */
public final class JsonRecords implements Closeable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How far a JavaScript assignment's left-hand side may run before its JSON starts. */
    private static final int MAX_PREFIX = 1024;

    private final JsonParser parser;
    private boolean inArray;

    private JsonRecords(InputStream in, List<String> field) throws IOException {
        this.parser = JSON.getFactory().createParser(skipAssignment(new BufferedInputStream(in)));
        JsonToken first = parser.nextToken();
        if (first == JsonToken.START_ARRAY) {
            inArray = field.isEmpty();
        } else if (first == JsonToken.START_OBJECT) {
            inArray = findArrayField(field);
        }
    }

    /** Opens the records of the array at {@code field} of the top-level object (the first array field when empty). */
    public static JsonRecords open(InputStream in, String... field) throws IOException {
        try {
            return new JsonRecords(in, List.of(field));
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private boolean findArrayField(List<String> field) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (value == JsonToken.START_ARRAY && (field.isEmpty() || field.contains(name))) {
                return true;
            }
            parser.skipChildren();
        }
        return false;
    }

    /** Skips {@code count} records; false when the array ended first. */
    public boolean skip(long count) throws IOException {
        for (long i = 0; i < count; i++) {
            if (!advance()) {
                return false;
            }
            parser.skipChildren();
        }
        return true;
    }

    /** The next record, or null when the array has ended. */
    public JsonNode next() throws IOException {
        return advance() ? JSON.readTree(parser) : null;
    }

    private boolean advance() throws IOException {
        if (!inArray) {
            return false;
        }
        JsonToken token = parser.nextToken();
        if (token == null || token == JsonToken.END_ARRAY) {
            inArray = false;
            return false;
        }
        return true;
    }

    /** Skips a JavaScript assignment's left-hand side ({@code window.YTD.tweets.part0 =}) when the file starts with one. */
    private static InputStream skipAssignment(BufferedInputStream in) throws IOException {
        in.mark(MAX_PREFIX);
        for (int i = 0; i < MAX_PREFIX; i++) {
            int b = in.read();
            if (b == '[' || b == '{' || b < 0) {
                break;
            }
            if (b == '=') {
                return in;
            }
        }
        in.reset();
        return in;
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }
}
