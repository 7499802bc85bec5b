package org.dtp.auth.oauth2;

import org.junit.Test;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class PkceTest {
    /** RFC 7636 Appendix B. */
    @Test
    public void theS256ChallengeOfTheRfcExample() {
        assertEquals("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                Pkce.s256Challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
    }

    /** RFC 7636 §4.1: 43 to 128 characters of {@code [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"}. */
    @Test
    public void verifiersAndStatesAreLongUnreservedAndUnique() {
        SecureRandom random = new SecureRandom();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String verifier = Pkce.newVerifier(random);
            assertTrue(verifier, verifier.length() >= 43 && verifier.length() <= 128 && verifier.matches("[A-Za-z0-9._~-]+"));
            String state = Pkce.newState(random);
            assertTrue(state, state.length() >= 22 && state.matches("[A-Za-z0-9_-]+"));
            assertTrue(seen.add(verifier) && seen.add(state));
        }
    }
}
