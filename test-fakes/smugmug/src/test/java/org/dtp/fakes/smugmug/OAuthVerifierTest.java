package org.dtp.fakes.smugmug;

import org.junit.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/** The fake's own reading of RFC 5849 checked against the RFC's example (§1.2). */
public class OAuthVerifierTest {
    private static final String HEADER = "OAuth realm=\"Photos\", oauth_consumer_key=\"dpf43f3p2l4k3l03\", oauth_token=\"nnch734d00sl2jdk\", "
            + "oauth_signature_method=\"HMAC-SHA1\", oauth_timestamp=\"137131202\", oauth_nonce=\"chapoH\", "
            + "oauth_signature=\"MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D\"";

    private final OAuthVerifier.Secrets secrets = new OAuthVerifier.Secrets() {
        @Override
        public String consumerSecret(String key) {
            return "dpf43f3p2l4k3l03".equals(key) ? "kd94hf93k423kf44" : null;
        }

        @Override
        public String tokenSecret(String token) {
            return "nnch734d00sl2jdk".equals(token) ? "pfkkdhi9sl3r4s00" : null;
        }
    };

    private OAuthVerifier at(long epochSecond) {
        return new OAuthVerifier(Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    @Test
    public void acceptsTheRfcExample() throws Exception {
        OAuthVerifier.Verified v = at(137131202).verify("GET", "http://photos.example.net", "/photos", "file=vacation.jpg&size=original",
                HEADER, List.of(), true, true, secrets);
        assertEquals("nnch734d00sl2jdk", v.token());
    }

    @Test
    public void refusesAChangedRequest() {
        expect("signature_invalid", () -> at(137131202).verify("GET", "http://photos.example.net", "/photos", "file=vacation.jpg&size=large",
                HEADER, List.of(), true, true, secrets));
    }

    @Test
    public void refusesAReplay() throws Exception {
        OAuthVerifier verifier = at(137131202);
        verifier.verify("GET", "http://photos.example.net", "/photos", "file=vacation.jpg&size=original", HEADER, List.of(), true, true, secrets);
        expect("nonce_used", () -> verifier.verify("GET", "http://photos.example.net", "/photos", "file=vacation.jpg&size=original",
                HEADER, List.of(), true, true, secrets));
    }

    @Test
    public void refusesAnOldTimestamp() {
        expect("timestamp_refused", () -> at(137131202 + 3600).verify("GET", "http://photos.example.net", "/photos",
                "file=vacation.jpg&size=original", HEADER, List.of(), true, true, secrets));
    }

    @Test
    public void refusesAnUnknownConsumerOrToken() {
        expect("consumer_key_unknown", () -> at(137131202).verify("GET", "http://photos.example.net", "/photos", null,
                HEADER.replace("dpf43f3p2l4k3l03", "other"), List.of(), true, true, secrets));
        expect("token_rejected", () -> at(137131202).verify("GET", "http://photos.example.net", "/photos", null,
                HEADER.replace("nnch734d00sl2jdk", "other"), List.of(), true, true, secrets));
    }

    @Test
    public void theUploaderWantsTheHeader() {
        expect("parameter_absent", () -> at(137131202).verify("POST", "http://photos.example.net", "/",
                "oauth_consumer_key=dpf43f3p2l4k3l03", null, List.of(), true, true, secrets));
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expect(String problem, Call call) {
        try {
            call.run();
            fail("expected oauth_problem=" + problem);
        } catch (OAuthVerifier.Problem p) {
            assertEquals(problem, p.problem);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
