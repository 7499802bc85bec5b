package org.dtp.core.receipts;

import javax.crypto.Cipher;
import javax.crypto.CipherInputStream;
import javax.crypto.CipherOutputStream;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * A temporary file whose bytes are encrypted with a key that exists only in this object (AES-CTR), so that what is
 * written there (a receipt's item ids) is never on disk in the clear, and is gone with the object. Written once,
 * then read as often as needed; {@link #close()} deletes it.
 */
final class SealedTempFile implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;
    private final SecretKeySpec key;
    private final byte[] iv = new byte[16];

    SealedTempFile(String prefix) throws IOException {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        RANDOM.nextBytes(iv);
        this.key = new SecretKeySpec(secret, "AES");
        this.file = Files.createTempFile(prefix, ".tmp");
    }

    OutputStream write() throws IOException {
        return new BufferedOutputStream(new CipherOutputStream(Files.newOutputStream(file), cipher(Cipher.ENCRYPT_MODE)), 64 * 1024);
    }

    InputStream read() throws IOException {
        return new BufferedInputStream(new CipherInputStream(Files.newInputStream(file), cipher(Cipher.DECRYPT_MODE)), 64 * 1024);
    }

    private Cipher cipher(int mode) throws IOException {
        try {
            Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
            cipher.init(mode, key, new IvParameterSpec(iv));
            return cipher;
        } catch (GeneralSecurityException e) {
            throw new IOException("the JVM has no AES-CTR", e);
        }
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
    }
}
