package org.dtp.core.receipts;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.store.ReceiptKeyStore;
import org.dtp.core.testing.TestDatabase;
import org.dtp.receipts.ReceiptCheck;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** Receipts' JWS, signed streaming and checked with nimbus and the published key set, as any JOSE library would. */
public class CompactJwsTest {
    private static final String PAYLOAD = "{\"type\":\"dtp-receipt\",\"transfer\":\"5d1c6f0e-0000-4000-8000-000000000001\","
            + "\"items\":[{\"sourceId\":\"photo-1\",\"destinationId\":\"Album/IMG_0001.jpg\"}]}";

    private TestDatabase database;
    private ReceiptSigningKeys keys;

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.h2();
        keys = new ReceiptSigningKeys(new ReceiptKeyStore(database.migratedPool(2), MasterKeyring.inMemory()));
    }

    @After
    public void tearDown() throws Exception {
        database.close();
    }

    private String signed(byte[] payload) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompactJws.write(keys.current(), () -> new ByteArrayInputStream(payload), out);
        return out.toString(StandardCharsets.US_ASCII);
    }

    @Test
    public void theSignatureVerifiesWithThePublishedKeySet() throws Exception {
        JWSObject receipt = JWSObject.parse(signed(PAYLOAD.getBytes(StandardCharsets.UTF_8)));
        JWKSet published = JWKSet.parse(keys.publicKeys().toString());
        assertEquals(keys.currentKeyId(), receipt.getHeader().getKeyID());
        assertEquals("dtp-receipt+json", receipt.getHeader().getType().getType());
        assertTrue(receipt.verify(new ECDSAVerifier(published.getKeyByKeyId(receipt.getHeader().getKeyID()).toECKey())));
        assertEquals(PAYLOAD, receipt.getPayload().toString());
        ReceiptCheck check = new ReceiptSignatures(keys).check(receipt.serialize());
        assertTrue(check.reason(), check.valid());
        assertEquals("5d1c6f0e-0000-4000-8000-000000000001", check.transfer());
    }

    @Test
    public void aPayloadOfOneByteChangedFailsTheCheck() throws Exception {
        String[] parts = signed(PAYLOAD.getBytes(StandardCharsets.UTF_8)).split("\\.");
        byte[] payload = Base64.getUrlDecoder().decode(parts[1]);
        payload[PAYLOAD.indexOf("IMG_0001") + 4] = '2';
        String altered = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + "." + parts[2];

        JWSObject receipt = JWSObject.parse(altered);
        assertFalse(receipt.verify(new ECDSAVerifier(JWKSet.parse(keys.publicKeys().toString()).getKeys().get(0).toECKey())));
        ReceiptCheck check = new ReceiptSignatures(keys).check(altered);
        assertFalse(check.valid());
        assertEquals(keys.currentKeyId(), check.keyId());
        assertNull(check.transfer());
    }

    @Test
    public void aReceiptSignedWithAKeyRotatedAwayStillVerifies() throws Exception {
        String before = signed(PAYLOAD.getBytes(StandardCharsets.UTF_8));
        keys.rotate();
        assertTrue(new ReceiptSignatures(keys).check(before).valid());
    }

    @Test
    public void whatIsNoReceiptOfThisServerIsRefusedWithAReason() throws Exception {
        ReceiptSignatures signatures = new ReceiptSignatures(keys);
        assertFalse(signatures.check("not a receipt").valid());
        ReceiptSigningKeys otherServer = new ReceiptSigningKeys(new ReceiptKeyStore(
                TestDatabase.h2().migratedPool(1), MasterKeyring.inMemory()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompactJws.write(otherServer.current(), () -> new ByteArrayInputStream(PAYLOAD.getBytes(StandardCharsets.UTF_8)), out);
        ReceiptCheck foreign = signatures.check(out.toString(StandardCharsets.US_ASCII));
        assertFalse(foreign.valid());
        assertTrue(foreign.reason(), foreign.reason().contains("does not have"));
    }

    @Test
    public void aLargePayloadIsSignedAsItStreams() throws Exception {
        byte[] large = new byte[3 * 1024 * 1024 + 1]; // not a multiple of 3: Base64url's last group is short
        java.util.Arrays.fill(large, (byte) 'a');
        large[0] = '"';
        large[large.length - 1] = '"';
        int[] opened = {0};
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompactJws.write(keys.current(), () -> {
            opened[0]++;
            return new ByteArrayInputStream(large);
        }, out);
        assertEquals("read once to sign, once to write", 2, opened[0]);
        assertTrue(new ReceiptSignatures(keys).check(out.toString(StandardCharsets.US_ASCII)).valid());
    }
}
