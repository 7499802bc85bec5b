package org.dtp.adapters.smugmug;

import javax.crypto.Cipher;
import javax.crypto.CipherOutputStream;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * An upload's bytes on disk while their MD5 is computed, since {@code Content-MD5} has to precede the
 * body: streamed through in 64 KiB pieces (never whole in memory) and encrypted with AES-CTR under a key
 * that exists only in this object, so the spool file is unreadable to anyone else and after a crash. The
 * file is owner-only where the file system allows, and deleted by {@link #close()}.
 */
final class Spool implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int BUFFER = 64 * 1024;

    private final Path file;
    private final SecretKey key;
    private final byte[] iv;
    private final long size;
    private final byte[] md5;

    private Spool(Path file, SecretKey key, byte[] iv, long size, byte[] md5) {
        this.file = file;
        this.key = key;
        this.iv = iv;
        this.size = size;
        this.md5 = md5;
    }

    /** Copies {@code source} (closing it) into a new spool file in {@code directory} (null: the JVM's temp folder). */
    static Spool copy(InputStream source, Path directory) throws IOException {
        Path dir = directory != null ? directory : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(dir);
        Path file = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? Files.createTempFile(dir, "dtp-smugmug-", ".spool", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(dir, "dtp-smugmug-", ".spool");
        try (InputStream in = source) {
            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(256, RANDOM);
            SecretKey key = generator.generateKey();
            byte[] iv = new byte[16];
            RANDOM.nextBytes(iv);
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            long size = 0;
            try (OutputStream out = new CipherOutputStream(Files.newOutputStream(file), cipher(Cipher.ENCRYPT_MODE, key, iv))) {
                byte[] buffer = new byte[BUFFER];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    md5.update(buffer, 0, n);
                    out.write(buffer, 0, n);
                    size += n;
                }
            }
            return new Spool(file, key, iv, size, md5.digest());
        } catch (GeneralSecurityException e) {
            Files.deleteIfExists(file);
            throw new IllegalStateException("AES or MD5 is not available in this JVM", e);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    long size() {
        return size;
    }

    /** {@code Content-MD5}: the base64 of the MD5 digest (RFC 1864, as SmugMug's upload reference says). */
    String md5Base64() {
        return Base64.getEncoder().encodeToString(md5);
    }

    /** The bytes again, decrypted as they are read. */
    InputStream open() throws IOException {
        try {
            return new DecryptingStream(Files.newInputStream(file), cipher(Cipher.DECRYPT_MODE, key, iv));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES is not available in this JVM", e);
        }
    }

    /**
     * Decrypts up to 64 KiB per read. Not {@link javax.crypto.CipherInputStream}: it returns at most 512 bytes a
     * read, which the HTTP client's upload publisher turns into a 16 KiB array each (the media benchmark measured
     * 27 GB allocated per 800 MB uploaded, and a third of the raw copy's speed).
     */
    private static final class DecryptingStream extends TransformingInputStream {
        private final Cipher cipher;
        private final byte[] encrypted = new byte[BUFFER];

        DecryptingStream(InputStream in, Cipher cipher) {
            super(in);
            this.cipher = cipher;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(encrypted, 0, Math.min(len, BUFFER));
            if (n <= 0) {
                return n;
            }
            try {
                return cipher.update(encrypted, 0, n, b, off); // CTR: as many bytes out as in
            } catch (ShortBufferException e) {
                throw new IOException("spool decryption: " + e.getMessage(), e);
            }
        }
    }

    Path file() {
        return file;
    }

    private static Cipher cipher(int mode, SecretKey key, byte[] iv) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
        cipher.init(mode, key, new IvParameterSpec(iv));
        return cipher;
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
    }
}
