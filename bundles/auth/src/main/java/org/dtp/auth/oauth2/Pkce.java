package org.dtp.auth.oauth2;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** RFC 7636 code verifiers and S256 challenges, and the random {@code state} values. */
final class Pkce {
    static final String S256 = "S256";
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private Pkce() {
    }

    /** RFC 7636 §4.1: 32 random octets, base64url without padding: 43 characters of the unreserved set. */
    static String newVerifier(SecureRandom random) {
        return randomBase64Url(random, 32);
    }

    /** 256 random bits, base64url: a {@code state} no one can guess (RFC 6749 §10.12 asks for at least 128). */
    static String newState(SecureRandom random) {
        return randomBase64Url(random, 32);
    }

    /** RFC 7636 §4.2: {@code BASE64URL(SHA256(ASCII(code_verifier)))}. */
    static String s256Challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return BASE64URL.encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this JVM", e);
        }
    }

    private static String randomBase64Url(SecureRandom random, int octets) {
        byte[] bytes = new byte[octets];
        random.nextBytes(bytes);
        return BASE64URL.encodeToString(bytes);
    }
}
