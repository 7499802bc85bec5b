package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.ProviderAnswer;

import java.io.IOException;

/**
 * Microsoft Graph's answer that the user's storage is full: the error code {@code quotaLimitReached}
 * (https://learn.microsoft.com/en-us/onedrive/developer/rest-api/concepts/errors), at the top of the error or in one
 * of its inner errors, whatever the status it comes with. It is the destination full, not the item wrong: the
 * transfer pauses until the user makes room, as for Google's {@code storageQuotaExceeded}.
 */
final class StorageQuota {
    static final String CODE = "quotaLimitReached";
    private static final ObjectMapper JSON = new ObjectMapper();

    private StorageQuota() {
    }

    /** The {@link org.dtp.spi.http.AnswerPolicy} of the Graph clients. */
    static AnswerOutcome judge(ProviderAnswer answer) {
        return reached(answer.bodyText()) ? AnswerOutcome.destinationFull(null).because(CODE) : AnswerOutcome.byStatus();
    }

    /** Whether an error body says {@value #CODE}. */
    static boolean reached(String body) {
        JsonNode error;
        try {
            error = JSON.readTree(body).path("error");
        } catch (IOException e) {
            return false;
        }
        for (JsonNode e = error; !e.isMissingNode() && !e.isNull(); e = inner(e)) {
            if (CODE.equals(e.path("code").asText())) {
                return true;
            }
        }
        return false;
    }

    /** Graph writes {@code innerError}, OneDrive {@code innererror}. */
    private static JsonNode inner(JsonNode error) {
        return error.has("innerError") ? error.path("innerError") : error.path("innererror");
    }
}
