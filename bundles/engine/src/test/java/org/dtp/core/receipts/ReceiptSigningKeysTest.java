package org.dtp.core.receipts;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.store.ReceiptKeyStore;
import org.dtp.core.testing.TestDatabase;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The server's receipt signing keys in the job store, on every database the store supports. */
@RunWith(Parameterized.class)
public class ReceiptSigningKeysTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private TestDatabase database;
    private DataSource db;
    private MasterKeyring masterKeys;

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(kind);
        db = database.migratedPool(2);
        masterKeys = new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), "");
    }

    @After
    public void tearDown() throws Exception {
        if (database != null) { // null when PostgreSQL is not configured and the test was skipped
            database.close();
        }
    }

    private ReceiptSigningKeys node() {
        return new ReceiptSigningKeys(new ReceiptKeyStore(db, masterKeys));
    }

    @Test
    public void theKeySetPublishesTheSigningKeyWithoutItsPrivatePart() throws Exception {
        ReceiptSigningKeys keys = node();
        String keyId = keys.currentKeyId();
        JWKSet published = JWKSet.parse(keys.publicKeys().toString(true));
        assertEquals(1, published.getKeys().size());
        JWK key = published.getKeyByKeyId(keyId);
        assertFalse(key.isPrivate());
        assertEquals("P-256", key.toECKey().getCurve().getName());
        assertEquals("ES256", key.getAlgorithm().getName());
        assertEquals("the key id is the key's RFC 7638 thumbprint", key.computeThumbprint().toString(), keyId);
        assertFalse(keys.publicKeys().toString(false).contains("\"d\""));
    }

    @Test
    public void twoNodesOnOneJobStoreSignWithTheSameKey() {
        String first = node().currentKeyId();
        ReceiptSigningKeys other = node();
        assertEquals(first, other.currentKeyId());
        assertEquals(first, other.current().keyId());
    }

    @Test
    public void aRotationSignsWithTheNewKeyAndKeepsTheOlderOnesPublished() throws Exception {
        ReceiptSigningKeys keys = node();
        String old = keys.currentKeyId();
        String rotated = node().rotate();
        assertNotEquals(old, rotated);
        assertEquals("the other node's rotation is seen at once", rotated, keys.currentKeyId());
        List<JWK> published = JWKSet.parse(keys.publicKeys().toString()).getKeys();
        assertEquals(List.of(rotated, old), published.stream().map(JWK::getKeyID).toList());
    }

    @Test
    public void thePrivateKeyIsStoredOnlyWrappedByTheMasterKey() throws Exception {
        ReceiptSigningKeys keys = node();
        String keyId = keys.currentKeyId();
        byte[] pkcs8 = keys.current().privateKey().getEncoded();
        String wrapped;
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT wrapped_key, master_key FROM dtp_receipt_key")) {
            assertTrue(rs.next());
            wrapped = rs.getString(1);
            assertEquals(masterKeys.currentKeyId(), rs.getString(2));
        }
        String clear = Base64.getEncoder().encodeToString(pkcs8);
        assertFalse(wrapped.contains(clear.substring(40, 80)));
        assertArrayEquals(pkcs8, new ReceiptKeyStore(db, masterKeys).privateKey(keyId));
        MasterKeyring otherNodesKeys = new MasterKeyring(folder.getRoot().toPath().resolve("other.p12"), "");
        assertThrows(IllegalStateException.class, () -> new ReceiptKeyStore(db, otherNodesKeys).privateKey(keyId));
    }
}
