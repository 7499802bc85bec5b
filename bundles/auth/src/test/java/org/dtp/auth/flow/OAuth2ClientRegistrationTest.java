package org.dtp.auth.flow;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;

/** Scopes from a plain .cfg line (one value) and from a typed list end up as the same list. */
public class OAuth2ClientRegistrationTest {
    @Test
    public void scopesSeparatedBySpacesOrCommasInOneValueAreSplit() {
        assertEquals(List.of("tweet.read", "users.read", "offline.access"),
                OAuth2ClientRegistration.scopesOf(new String[]{"tweet.read users.read  offline.access"}));
        assertEquals(List.of("a", "b", "c"), OAuth2ClientRegistration.scopesOf(new String[]{"a,b", " c ", "a"}));
        assertEquals(List.of(), OAuth2ClientRegistration.scopesOf(new String[]{"", "  "}));
    }
}
