package org.dtp.core.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.dtp.models.ItemModel;
import org.dtp.models.ModelJson;
import org.dtp.models.Schema;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The content fingerprint of an exported item: the SHA-256, in lower-case hex, of its schema ("name major.minor")
 * and its canonical JSON as {@link ModelJson} writes it, with map entries in key order so that the same content
 * always gives the same fingerprint. An item whose fingerprint differs from the one a mapping holds changed at the
 * source (or the exporter now reads more of it) since it was copied.
 */
final class ContentFingerprints {
    private final ObjectMapper mapper = ModelJson.newObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    String of(ItemModel item) {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        Schema schema = item.getClass().getAnnotation(Schema.class);
        sha256.update(((schema == null ? item.getClass().getName() : schema.name()) + " " + modelVersion(item) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        try {
            return HexFormat.of().formatHex(sha256.digest(mapper.writeValueAsBytes(item)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + item.getClass().getName() + " as JSON: " + e.getMessage(), e);
        }
    }

    /** The item's model version, "major.minor" of its {@link Schema}. */
    static String modelVersion(ItemModel item) {
        Schema schema = item.getClass().getAnnotation(Schema.class);
        return schema == null ? "0.0" : schema.major() + "." + schema.minor();
    }
}
