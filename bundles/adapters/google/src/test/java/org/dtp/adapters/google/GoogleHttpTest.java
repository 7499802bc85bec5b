package org.dtp.adapters.google;

import org.junit.Test;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Which of Google's error answers are quota answers (rate limits), and which are not. */
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
}
