package org.dtp.adapters.metagraph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/**
 * The error body of the Graph API, {@code {"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}}
 * (https://developers.facebook.com/docs/graph-api/guides/error-handling). {@code subcode} is 0 when absent.
 */
public record GraphError(String message, String type, int code, int subcode, String fbtraceId, boolean transientFlag) {
    /** Throttling: 4 application, 17 user, 32 page, 613 custom rate limit (Platform Rate Limits). */
    private static final Set<Integer> THROTTLING = Set.of(4, 17, 32, 613);
    private static final ObjectMapper JSON = new ObjectMapper();

    public GraphError {
        message = message == null ? "" : message;
        type = type == null ? "" : type;
        fbtraceId = fbtraceId == null ? "" : fbtraceId;
    }

    /** The error of a Graph answer's body; empty when the body is not such an error. */
    public static Optional<GraphError> parse(byte[] body) {
        try {
            JsonNode error = JSON.readTree(body).path("error");
            if (!error.isObject() || !error.path("code").canConvertToInt()) {
                return Optional.empty();
            }
            return Optional.of(new GraphError(error.path("message").asText(""), error.path("type").asText(""),
                    error.path("code").asInt(), error.path("error_subcode").asInt(0), error.path("fbtrace_id").asText(""),
                    error.path("is_transient").asBoolean(false)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Rate limited: Platform (4, 17, 32, 613) or Business Use Case (80001-80014) limits. */
    public boolean throttled() {
        return THROTTLING.contains(code) || (code >= 80001 && code <= 80014);
    }

    /** The access token expired, was revoked or is invalid (190; 102 is the older session error). */
    public boolean tokenInvalid() {
        return code == 190 || code == 102;
    }

    /** A permission the app lacks or the user took back (10, 200-299). */
    public boolean permissionMissing() {
        return code == 10 || (code >= 200 && code <= 299);
    }

    /** A temporary failure at Meta (1 unknown, 2 service; or marked is_transient). */
    public boolean temporary() {
        return code == 1 || code == 2 || transientFlag;
    }

    /** For messages: code, subcode and Meta's text (a token is never in a Graph error message). */
    public String describe() {
        return "Graph error " + code + (subcode == 0 ? "" : "/" + subcode) + (type.isEmpty() ? "" : " " + type)
                + (message.isEmpty() ? "" : ": " + clean(message)) + (fbtraceId.isEmpty() ? "" : " (fbtrace_id " + clean(fbtraceId) + ")");
    }

    private static String clean(String text) {
        String oneLine = text.replaceAll("\\p{Cntrl}", " ").replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 300 ? oneLine : oneLine.substring(0, 300) + "…";
    }
}
