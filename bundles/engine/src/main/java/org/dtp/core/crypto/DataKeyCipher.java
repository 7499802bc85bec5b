package org.dtp.core.crypto;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Seals a transfer's stored values (settings, checkpoints) with the transfer's own AES-256 data key, in AES-GCM
 * with a fresh IV per value and the job id and column as associated data: a value cannot be read with another
 * job's key, moved to another job or column, or altered without the opening failing. Sealed values start with
 * {@value #PREFIX}; anything else is stored plain (settings of ended transfers, with their secrets removed).
 * Values are deflated before they are sealed: checkpoints are JSON, and sealing (Base64 of UTF-8) would
 * otherwise make a large one outgrow its column.
 */
public final class DataKeyCipher {
    static final String PREFIX = "enc1:";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final String jobId;
    private final SecureRandom random;

    public DataKeyCipher(byte[] dataKey, String jobId, SecureRandom random) {
        this.key = new SecretKeySpec(dataKey, "AES");
        this.jobId = jobId;
        this.random = random;
    }

    public static boolean isSealed(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    public String seal(String column, String plaintext) {
        if (plaintext == null) {
            return null;
        }
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(iv);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, iv, column);
            byte[] sealed = cipher.doFinal(deflate(plaintext.getBytes(StandardCharsets.UTF_8)));
            byte[] out = new byte[IV_BYTES + sealed.length];
            System.arraycopy(iv, 0, out, 0, IV_BYTES);
            System.arraycopy(sealed, 0, out, IV_BYTES, sealed.length);
            return PREFIX + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot seal a value of transfer " + jobId, e);
        }
    }

    public String open(String column, String sealed) {
        byte[] in = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, java.util.Arrays.copyOf(in, IV_BYTES), column);
            return new String(inflate(cipher.doFinal(in, IV_BYTES, in.length - IV_BYTES)), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | java.util.zip.DataFormatException e) {
            throw new IllegalStateException("the stored " + column + " of transfer " + jobId
                    + " does not open with its data key (altered or moved)", e);
        }
    }

    private static byte[] deflate(byte[] data) {
        java.util.zip.Deflater deflater = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_SPEED);
        try {
            deflater.setInput(data);
            deflater.finish();
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(Math.max(64, data.length / 4));
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private static byte[] inflate(byte[] data) throws java.util.zip.DataFormatException {
        java.util.zip.Inflater inflater = new java.util.zip.Inflater();
        try {
            inflater.setInput(data);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(data.length * 4);
            byte[] buffer = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new java.util.zip.DataFormatException("truncated");
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } finally {
            inflater.end();
        }
    }

    private Cipher cipher(int mode, byte[] iv, String column) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, iv));
        cipher.updateAAD((jobId + "/" + column).getBytes(StandardCharsets.UTF_8));
        return cipher;
    }
}
