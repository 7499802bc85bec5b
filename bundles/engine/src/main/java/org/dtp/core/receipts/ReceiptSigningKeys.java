package org.dtp.core.receipts;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import org.dtp.core.store.ReceiptKeyStore;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.text.ParseException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The server's ES256 (NIST P-256) key pairs that sign receipts, kept in the job store ({@link ReceiptKeyStore}): the
 * newest signs, every one stays published. A key's id is its RFC 7638 thumbprint, so it names the key itself. Read
 * from the store on each use, so a rotation on one node of a cluster is seen by the others at once.
 */
@Component(service = ReceiptSigningKeys.class)
public final class ReceiptSigningKeys {
    private static final Logger LOG = LoggerFactory.getLogger(ReceiptSigningKeys.class);

    private final ReceiptKeyStore store;

    @Activate
    public ReceiptSigningKeys(@Reference ReceiptKeyStore store) {
        this.store = store;
    }

    /** A key that signs: its id and private key. */
    record SigningKey(String keyId, ECPrivateKey privateKey) {
    }

    /** The id of the key that signs now; the first one is made on first use. */
    public String currentKeyId() {
        List<ReceiptKeyStore.PublicKey> keys = store.publicKeys();
        return keys.isEmpty() ? rotate() : keys.get(0).keyId();
    }

    /** Every key's id, newest (the one that signs) first. */
    public List<String> keyIds() {
        return store.publicKeys().stream().map(ReceiptKeyStore.PublicKey::keyId).toList();
    }

    /** The key that signs now, with its private key unwrapped. */
    SigningKey current() {
        String keyId = currentKeyId();
        byte[] pkcs8 = store.privateKey(keyId);
        try {
            return new SigningKey(keyId, (ECPrivateKey) KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(pkcs8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the receipt signing key " + keyId + " is not an EC private key", e);
        } finally {
            Arrays.fill(pkcs8, (byte) 0);
        }
    }

    /** Makes a new key pair and signs with it from now on; returns its id. */
    public String rotate() {
        ECKey key;
        try {
            ECKey generated = new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256).generate();
            key = new ECKey.Builder(generated).keyIDFromThumbprint().build();
        } catch (JOSEException e) {
            throw new IllegalStateException("the JVM cannot make P-256 keys", e);
        }
        byte[] pkcs8;
        try {
            pkcs8 = key.toECPrivateKey().getEncoded();
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot encode the new receipt signing key", e);
        }
        try {
            store.add(key.getKeyID(), Instant.now(), key.toPublicJWK().toJSONString(), pkcs8);
        } finally {
            Arrays.fill(pkcs8, (byte) 0);
        }
        LOG.info("receipt signing key {} made; it signs receipts from now on", key.getKeyID());
        return key.getKeyID();
    }

    /** Every public key, newest first; made when there is none yet, so the set is never empty. */
    public JWKSet publicKeys() {
        List<ReceiptKeyStore.PublicKey> stored = store.publicKeys();
        if (stored.isEmpty()) {
            rotate();
            stored = store.publicKeys();
        }
        List<com.nimbusds.jose.jwk.JWK> keys = new ArrayList<>();
        for (ReceiptKeyStore.PublicKey key : stored) {
            keys.add(parse(key));
        }
        return new JWKSet(keys);
    }

    /** The public key {@code keyId}, if it is one of this server's. */
    Optional<ECKey> publicKey(String keyId) {
        return store.publicKeys().stream().filter(k -> k.keyId().equals(keyId)).findFirst().map(ReceiptSigningKeys::parse);
    }

    private static ECKey parse(ReceiptKeyStore.PublicKey key) {
        try {
            return ECKey.parse(key.jwk());
        } catch (ParseException e) {
            throw new IllegalStateException("the stored public key " + key.keyId() + " is not an EC JWK", e);
        }
    }
}
