package org.dtp.core.receipts;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.security.SignatureException;
import java.util.Base64;

/**
 * Writes a JWS in compact serialization (RFC 7515 §7.1) with ES256, streaming the payload: the payload is read twice,
 * once to sign its Base64url form and once to write it, so it is never held in memory whole (nimbus's own signers
 * take the signing input as one byte array). The signature is the JDK's ECDSA in the R||S form JWS requires
 * (RFC 7518 §3.4), which is what {@code SHA256withECDSAinP1363Format} produces; the header is nimbus's.
 */
final class CompactJws {
    /** The {@code typ} of receipts, so a receipt is not taken for another kind of signed object. */
    static final JOSEObjectType RECEIPT_TYPE = new JOSEObjectType("dtp-receipt+json");

    private CompactJws() {
    }

    @FunctionalInterface
    interface Payload {
        InputStream open() throws IOException;
    }

    static void write(ReceiptSigningKeys.SigningKey key, Payload payload, OutputStream out) throws IOException {
        byte[] header = (new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.keyId()).type(RECEIPT_TYPE).build()
                .toBase64URL() + ".").getBytes(StandardCharsets.US_ASCII);
        Signature signer;
        try {
            signer = Signature.getInstance("SHA256withECDSAinP1363Format");
            signer.initSign(key.privateKey());
            signer.update(header);
            try (InputStream in = payload.open(); OutputStream encoder = Base64.getUrlEncoder().withoutPadding().wrap(new SigningStream(signer))) {
                in.transferTo(encoder);
            }
            out.write(header);
            try (InputStream in = payload.open(); OutputStream encoder = Base64.getUrlEncoder().withoutPadding().wrap(new KeptOpen(out))) {
                in.transferTo(encoder);
            }
            out.write('.');
            out.write(Base64.getUrlEncoder().withoutPadding().encode(signer.sign()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with ES256: " + e.getMessage(), e);
        }
        out.flush();
    }

    /** Feeds what is written to the signature. */
    private static final class SigningStream extends OutputStream {
        private final Signature signer;

        SigningStream(Signature signer) {
            this.signer = signer;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                signer.update(b, off, len);
            } catch (SignatureException e) {
                throw new IOException(e);
            }
        }
    }

    /** The caller's stream, which closing the Base64 encoder (to write its last bytes) must not close. */
    private static final class KeptOpen extends FilterOutputStream {
        KeptOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
