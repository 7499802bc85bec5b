package org.dtp.core.users;

import org.dtp.core.testing.TestDatabase;
import org.dtp.users.ApiToken;
import org.dtp.users.ApiUser;
import org.dtp.users.IssuedApiToken;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class DatabaseApiTokensTest {
    private TestDatabase database;
    private DatabaseApiTokens tokens;

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.h2();
        tokens = new DatabaseApiTokens(database.migratedPool(2));
    }

    @After
    public void tearDown() throws Exception {
        database.close();
    }

    @Test
    public void anIssuedTokenAuthenticatesItsUserUntilRevoked() {
        IssuedApiToken issued = tokens.issue(new ApiUser("ann", "ann@example.org"), "laptop");

        assertTrue(issued.secret().startsWith("dtp_"));
        assertFalse(issued.toString().contains(issued.secret()));
        assertEquals(Optional.of(new ApiUser("ann", "ann@example.org")), tokens.authenticate(issued.secret()));
        assertEquals(Optional.of("ann@example.org"), tokens.email("ann"));
        assertEquals(Optional.empty(), tokens.authenticate(issued.secret() + "x"));
        assertEquals(Optional.empty(), tokens.authenticate("not-a-token"));
        assertEquals(Optional.empty(), tokens.authenticate(null));

        assertTrue(tokens.revoke(issued.token().id()));
        assertFalse(tokens.revoke(issued.token().id()));
        assertEquals(Optional.empty(), tokens.authenticate(issued.secret()));
        ApiToken listed = tokens.tokens().get(0);
        assertEquals("laptop", listed.label());
        assertFalse(listed.valid());
        assertEquals(Optional.empty(), tokens.email("ann"));
    }

    @Test
    public void aTokenIssuedToExpireStopsAuthenticatingThenAndSaysSo() throws Exception {
        IssuedApiToken soon = tokens.issue(new ApiUser("ann", null), "one day", java.time.Instant.now().plusMillis(300));
        IssuedApiToken lasting = tokens.issue(new ApiUser("bob", null), null, null);

        assertEquals(Optional.of(new ApiUser("ann", null)), tokens.authenticate(soon.secret()));
        Thread.sleep(400);

        assertEquals(Optional.empty(), tokens.authenticate(soon.secret()));
        assertEquals(Optional.of(new ApiUser("bob", null)), tokens.authenticate(lasting.secret()));
        ApiToken listed = tokens.tokens().stream().filter(t -> t.id().equals(soon.token().id())).findFirst().orElseThrow();
        assertEquals(soon.token().expiresAt(), listed.expiresAt());
        assertFalse(listed.valid());
        assertThrows(IllegalArgumentException.class,
                () -> tokens.issue(new ApiUser("carol", null), null, java.time.Instant.now().minusSeconds(1)));
    }

    @Test
    public void onlyTheSecretsHashIsStored() throws Exception {
        IssuedApiToken issued = tokens.issue(new ApiUser("bob", null), null);
        try (Connection c = database.raw().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM dtp_api_token")) {
            rs.next();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                String value = rs.getString(i);
                assertTrue(value == null || !value.contains(issued.secret().substring(4)));
            }
        }
        assertNull(tokens.tokens().get(0).user().email());
    }

    @Test
    public void badUserNamesAndAddressesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> tokens.issue(new ApiUser("ann smith", null), null));
        assertThrows(IllegalArgumentException.class, () -> tokens.issue(new ApiUser("", null), null));
        assertThrows(IllegalArgumentException.class, () -> tokens.issue(new ApiUser("operator", null), null));
        assertThrows(IllegalArgumentException.class, () -> tokens.issue(new ApiUser("ann", "not an address"), null));
        assertThrows(IllegalArgumentException.class, () -> tokens.issue(new ApiUser("ann", null), "l".repeat(201)));
        assertTrue(tokens.tokens().isEmpty());
    }
}
