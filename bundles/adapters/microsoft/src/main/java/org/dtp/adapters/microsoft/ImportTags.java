package org.dtp.adapters.microsoft;

import org.dtp.spi.Fingerprint;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What the Outlook importers write on what they create, as single-value extended properties (named MAPI properties
 * in dtp's own property set, https://learn.microsoft.com/en-us/graph/api/resources/extended-properties-overview):
 * {@value #KEY_NAME}, a tag of the job and the item's idempotency key, by which a re-import finds the item
 * ({@code $filter} on the property); and {@value #UID_NAME}, the source's UID (vCard UID, iCalendar UID), which
 * Outlook has no field for and the exporters give back.
 */
public final class ImportTags {
    private static final String SET = "{5b0b7d8e-3c4f-4e51-9d2a-6f1e0c7a9b34}";
    static final String KEY_NAME = "dtpImportKey";
    static final String UID_NAME = "dtpUid";
    /** Property ids as Graph writes them: type, property set, name. */
    public static final String KEY = "String " + SET + " Name " + KEY_NAME;
    public static final String UID = "String " + SET + " Name " + UID_NAME;

    private ImportTags() {
    }

    /** {@code dtp-} and 32 hex digits: the same job and key always give the same tag. */
    public static String of(UUID job, String idempotencyKey) {
        return "dtp-" + Fingerprint.of(job, idempotencyKey).hex(16);
    }

    /** The {@code singleValueExtendedProperties} to create an item with: its tag, and the source's UID when it has one. */
    public static List<Map<String, String>> properties(String tag, String uid) {
        List<Map<String, String>> properties = new ArrayList<>();
        properties.add(Map.of("id", KEY, "value", tag));
        if (uid != null && !uid.isBlank()) {
            properties.add(Map.of("id", UID, "value", uid));
        }
        return properties;
    }

    /** The item of {@code collection} that an earlier attempt created with {@code tag}, if any. */
    public static Optional<JsonNode> tagged(GraphApi api, String collection, String tag) throws AdapterException {
        return api.withProperty(collection, KEY, tag).stream().findFirst();
    }

    /**
     * The id of the item of {@code collection} that an earlier attempt created with {@code tag}, else of the one
     * {@code body} (which carries the tag) creates there: a retry after a lost answer or a restart creates nothing twice.
     */
    public static String createOnce(GraphApi api, String collection, String tag, Map<String, Object> body) throws AdapterException {
        Optional<JsonNode> earlier = tagged(api, collection, tag);
        return earlier.isPresent() ? earlier.get().path("id").asText() : api.post(collection, body).path("id").asText();
    }

    /** The query option that returns both properties with each item. */
    public static String expand() {
        return "$expand=" + FormEncoding.percentEncode("singleValueExtendedProperties($filter=id eq '" + KEY
                + "' or id eq '" + UID + "')");
    }

    /** The value of the extended property {@code id} of {@code item}, or null. */
    public static String value(JsonNode item, String id) {
        for (JsonNode property : item.path("singleValueExtendedProperties")) {
            if (id.equalsIgnoreCase(property.path("id").asText()) && property.path("value").isTextual()) {
                return property.path("value").asText();
            }
        }
        return null;
    }
}
