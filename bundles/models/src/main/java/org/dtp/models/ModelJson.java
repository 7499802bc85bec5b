package org.dtp.models;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Reads and writes canonical models as JSON. A written document carries {@code schema} and
 * {@code schemaVersion} ("major.minor") from the model's {@link Schema}; reading refuses a document
 * of another schema or of a newer major version, and ignores fields added by newer minor versions.
 * Instances are thread-safe.
 */
public final class ModelJson {
    public static final String SCHEMA_FIELD = "schema";
    public static final String VERSION_FIELD = "schemaVersion";

    private final ObjectMapper mapper;

    public ModelJson() {
        this.mapper = newObjectMapper();
    }

    /** A mapper configured the way models are written: ISO-8601 times, no nulls, unknown fields ignored. */
    public static ObjectMapper newObjectMapper() {
        return new ObjectMapper()
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    }

    /** The mapper behind this codec, for callers that embed models in larger documents. */
    public ObjectMapper mapper() {
        return mapper;
    }

    public String write(DataModel model) {
        Schema schema = schemaOf(model.getClass());
        ObjectNode node = mapper.createObjectNode();
        node.put(SCHEMA_FIELD, schema.name());
        node.put(VERSION_FIELD, schema.major() + "." + schema.minor());
        node.setAll((ObjectNode) mapper.valueToTree(model));
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException("cannot write " + schema.name() + ": " + e.getOriginalMessage(), e);
        }
    }

    public <T extends DataModel> T read(String json, Class<T> type) {
        Schema schema = schemaOf(type);
        JsonNode tree;
        try {
            tree = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException("not valid JSON for " + schema.name() + ": " + e.getOriginalMessage(), e);
        }
        if (!(tree instanceof ObjectNode node)) {
            throw new ModelFormatException("a " + schema.name() + " document must be a JSON object");
        }
        String name = node.path(SCHEMA_FIELD).asText(null);
        if (!schema.name().equals(name)) {
            throw new ModelFormatException("expected schema " + schema.name() + " but the document says " + name);
        }
        int major = majorOf(node.path(VERSION_FIELD).asText(""), schema.name());
        if (major > schema.major()) {
            throw new ModelFormatException(schema.name() + " version " + node.path(VERSION_FIELD).asText()
                    + " is newer than this server reads (" + schema.major() + ".x)");
        }
        node.remove(SCHEMA_FIELD);
        node.remove(VERSION_FIELD);
        try {
            return mapper.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String why = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
            throw new ModelFormatException("invalid " + schema.name() + ": " + why, e);
        }
    }

    private static int majorOf(String version, String schemaName) {
        int dot = version.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
        } catch (NumberFormatException e) {
            throw new ModelFormatException(schemaName + " document has no valid " + VERSION_FIELD + ": '" + version + "'");
        }
    }

    private static Schema schemaOf(Class<?> type) {
        Schema schema = type.getAnnotation(Schema.class);
        if (schema == null) {
            throw new IllegalArgumentException(type.getName() + " is not a canonical model (no @Schema)");
        }
        return schema;
    }
}
