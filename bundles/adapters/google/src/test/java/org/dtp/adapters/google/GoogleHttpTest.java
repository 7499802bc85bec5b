package org.dtp.adapters.google;

import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.ProviderAnswer;
import org.junit.Test;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Which of Google's error answers are quota answers (rate limits), which say the storage is full, and which neither. */
public class GoogleHttpTest {
    private static String classic(String reason, String message) {
        return "{\"error\": {\"errors\": [{\"domain\": \"usageLimits\", \"reason\": \"" + reason + "\", \"message\": \""
                + message + "\"}], \"code\": 403, \"message\": \"" + message + "\"}}";
    }

    @Test
    public void a403WithAQuotaReasonIsAQuotaAnswer() {
        assertTrue(GoogleHttp.isQuotaAnswer(403, classic("rateLimitExceeded", "Rate Limit Exceeded")));
        assertTrue(GoogleHttp.isQuotaAnswer(403, classic("userRateLimitExceeded", "User Rate Limit Exceeded")));
        assertTrue(GoogleHttp.isQuotaAnswer(403, classic("quotaExceeded", "Calendar usage limits exceeded.")));
    }

    @Test
    public void a403WithoutReasonsIsOneByItsMessage() {
        assertTrue(GoogleHttp.isQuotaAnswer(403, "{\"error\": {\"code\": 403, \"message\": \"Quota exceeded for quota metric "
                + "'Queries' and limit 'Queries per minute per user'\", \"status\": \"PERMISSION_DENIED\"}}"));
        assertTrue(GoogleHttp.isQuotaAnswer(403, "Rate Limit Exceeded"));
    }

    @Test
    public void otherAnswersAreNot() {
        assertFalse(GoogleHttp.isQuotaAnswer(403, classic("insufficientPermissions", "Insufficient Permission")));
        assertFalse(GoogleHttp.isQuotaAnswer(403, classic("dailyLimitExceeded", "Daily Limit Exceeded")));
        assertFalse(GoogleHttp.isQuotaAnswer(403, ""));
        assertFalse(GoogleHttp.isQuotaAnswer(400, classic("rateLimitExceeded", "Rate Limit Exceeded")));
    }

    @Test
    public void theAnswerPolicyCallsQuotaAnswersRateLimitsAndAFullStorageFull() {
        assertEquals(AnswerOutcome.Kind.RATE_LIMITED, judge(403, classic("userRateLimitExceeded", "User Rate Limit Exceeded")));
        assertEquals(AnswerOutcome.Kind.DESTINATION_FULL,
                judge(403, classic("storageQuotaExceeded", "The user's Drive storage quota has been exceeded.")));
        assertEquals(AnswerOutcome.Kind.BY_STATUS, judge(403, classic("insufficientPermissions", "Insufficient Permission")));
        assertEquals(AnswerOutcome.Kind.BY_STATUS, judge(400, classic("storageQuotaExceeded", "storage")));
    }

    private static AnswerOutcome.Kind judge(int status, String body) {
        return GoogleHttp.judge(new ProviderAnswer("POST", URI.create("https://www.googleapis.com/x"), status,
                HttpHeaders.of(Map.of(), (n, v) -> true), body.getBytes(StandardCharsets.UTF_8))).kind();
    }
}
