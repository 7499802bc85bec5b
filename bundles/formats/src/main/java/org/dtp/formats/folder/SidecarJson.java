package org.dtp.formats.folder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.ModelJson;

import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The JSON of the folder layout's sidecars, as the local folder adapter writes and reads them: the models' mapper
 * ({@link ModelJson#newObjectMapper()}: ISO-8601 times, no nulls, unknown fields ignored); a sidecar file pretty
 * printed, a line of a JSON-lines index compact; a sidecar is read only when its {@code format} is the one asked
 * for. Since 1.1.
 */
public final class SidecarJson {
    /** Ours are a few KB; anything much larger was not written by us and is not read into memory. */
    public static final long MAX_SIDECAR_BYTES = 1 << 20;
    private static final ObjectMapper MAPPER = ModelJson.newObjectMapper();

    private SidecarJson() {
    }

    /** The bytes of a sidecar file. */
    public static byte[] file(Object sidecar) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(sidecar);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a sidecar cannot be written as JSON", e);
        }
    }

    /** One line of a JSON-lines file (an mbox index): the sidecar as compact JSON and a line feed. */
    public static byte[] line(Object sidecar) {
        byte[] json;
        try {
            json = MAPPER.writeValueAsBytes(sidecar);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a sidecar cannot be written as JSON", e);
        }
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        return line;
    }

    /** The sidecar of {@code format} that {@code json} holds, or empty when it holds none (not JSON, another format). */
    public static <T> Optional<T> parse(byte[] json, Class<T> type, String format) {
        try {
            JsonNode tree = MAPPER.readTree(json);
            if (tree == null || !format.equals(tree.path("format").asText())) {
                return Optional.empty();
            }
            return Optional.of(MAPPER.treeToValue(tree, type));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
