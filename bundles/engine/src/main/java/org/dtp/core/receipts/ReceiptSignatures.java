package org.dtp.core.receipts;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import org.dtp.receipts.ReceiptCheck;

import java.text.ParseException;
import java.util.Map;
import java.util.Optional;

/** Checks a receipt's signature with nimbus, as any JOSE library would with the published key set. */
final class ReceiptSignatures {
    private final ReceiptSigningKeys keys;

    ReceiptSignatures(ReceiptSigningKeys keys) {
        this.keys = keys;
    }

    ReceiptCheck check(String jws) {
        JWSObject receipt;
        try {
            receipt = JWSObject.parse(jws.strip());
        } catch (ParseException e) {
            return ReceiptCheck.invalid(null, "not a JWS in compact serialization: " + e.getMessage());
        }
        String keyId = receipt.getHeader().getKeyID();
        if (!JWSAlgorithm.ES256.equals(receipt.getHeader().getAlgorithm())) {
            return ReceiptCheck.invalid(keyId, "signed with " + receipt.getHeader().getAlgorithm() + "; receipts are signed with ES256");
        }
        if (!CompactJws.RECEIPT_TYPE.equals(receipt.getHeader().getType())) {
            return ReceiptCheck.invalid(keyId, "its type is " + receipt.getHeader().getType() + ", not " + CompactJws.RECEIPT_TYPE);
        }
        Optional<ECKey> key = keyId == null ? Optional.empty() : keys.publicKey(keyId);
        if (key.isEmpty()) {
            return ReceiptCheck.invalid(keyId, "signed with a key this server does not have (kid " + keyId + ")");
        }
        try {
            if (!receipt.verify(new ECDSAVerifier(key.get()))) {
                return ReceiptCheck.invalid(keyId, "the signature does not match the receipt: it was changed after it was signed");
            }
        } catch (JOSEException e) {
            return ReceiptCheck.invalid(keyId, "the signature cannot be checked: " + e.getMessage());
        }
        Map<String, Object> payload = receipt.getPayload().toJSONObject();
        Object transfer = payload == null ? null : payload.get(ReceiptDocument.TRANSFER);
        return ReceiptCheck.valid(keyId, transfer == null ? null : transfer.toString());
    }
}
