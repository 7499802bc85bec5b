package org.dtp.adapters.rememberthemilk;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Remember The Milk's REST API (https://www.rememberthemilk.com/services/api/, version 2) as one user, or, without an
 * auth token, for the authentication methods: every call carries {@code api_key}, {@code format=json}, {@code v=2},
 * the user's {@code auth_token} and the {@code api_sig} of {@link RtmSignature}, paced by the adapter's limiter.
 * {@code {"rsp":{"stat":"fail","err":{"code","msg"}}}} becomes the exception its code calls for.
 */
final class RtmApi {
    /** Error codes every method may answer (https://www.rememberthemilk.com/services/api/response.rtm and each method's page). */
    static final int INVALID_SIGNATURE = 96;
    static final int MISSING_SIGNATURE = 97;
    static final int LOGIN_FAILED = 98;
    static final int INSUFFICIENT_PERMISSIONS = 99;
    static final int INVALID_API_KEY = 100;
    static final int SERVICE_UNAVAILABLE = 105;

    private final ProviderHttp http;
    private final RtmSettings settings;
    private final String authToken;

    RtmApi(ProviderHttp http, RtmSettings settings, String authToken) {
        this.http = http;
        this.settings = settings;
        this.authToken = authToken;
    }

    /**
     * Calls {@code method} with {@code params} (name, value, ...; null values left out) and returns {@code rsp}.
     *
     * @param itemLevel whether a method-specific failure concerns one item (rejected) or the whole job
     */
    JsonNode call(String method, boolean itemLevel, Object... params) throws AdapterException {
        List<Map.Entry<String, String>> parameters = new ArrayList<>();
        parameters.add(Map.entry("method", method));
        parameters.add(Map.entry("api_key", settings.apiKey()));
        parameters.add(Map.entry("format", "json"));
        parameters.add(Map.entry("v", "2"));
        if (authToken != null) {
            parameters.add(Map.entry("auth_token", authToken));
        }
        for (int i = 0; i < params.length; i += 2) {
            if (params[i + 1] != null) {
                parameters.add(Map.entry((String) params[i], String.valueOf(params[i + 1])));
            }
        }
        URI uri = URI.create(settings.restUrl() + "?" + FormEncoding.encode(RtmSignature.signed(settings.sharedSecret(), parameters)));
        JsonNode rsp = http.getJson(uri, OnNotFound.FAIL).path("rsp");
        if ("ok".equals(rsp.path("stat").asText())) {
            return rsp;
        }
        int code = rsp.path("err").path("code").asInt(-1);
        String message = rsp.path("err").path("msg").asText("no message").replaceAll("\\p{Cntrl}", " ");
        String text = "Remember The Milk answered " + method + " with error " + code + ": " + message;
        throw switch (code) {
            case SERVICE_UNAVAILABLE -> new TransientAdapterException(text, null);
            case INVALID_SIGNATURE, MISSING_SIGNATURE, LOGIN_FAILED, INSUFFICIENT_PERMISSIONS, INVALID_API_KEY ->
                    new AuthorizationRefusedException(text + "; check apiKey and sharedSecret in " + RtmConfig.PID
                            + " and the user's auth token (it may be revoked, or lack the permission: read to export, delete to import)",
                            401, message);
            default -> itemLevel ? new ItemRejectedException(text) : new AdapterException(text);
        };
    }

    /** An RTM JSON value that is a list when there are several and an object when there is one (or {@code []} for none). */
    static List<JsonNode> many(JsonNode node) {
        List<JsonNode> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(out::add);
        } else if (!node.isMissingNode() && !node.isNull() && !(node.isTextual() && node.asText().isEmpty())) {
            out.add(node);
        }
        return out;
    }
}
