package org.dtp.core.crypto;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The node's master keys (AES-256), kept in a PKCS#12 key store file outside the database. A master key only
 * wraps and unwraps the data keys of transfers (AES-GCM, the job id as associated data, so a wrapped key cannot
 * be moved to another job). Keys are named {@code mk-1}, {@code mk-2}, ...; the highest is current. A fresh
 * node creates the key store and, unless a password is configured, a password file beside it, both readable by
 * their owner only. Every node of a cluster must use the same key store (shared file, or copied after each
 * rotation), since any node may resume any transfer.
 */
@Component(service = MasterKeyring.class, configurationPid = MasterKeyring.PID)
@Designate(ocd = MasterKeyring.Config.class)
public final class MasterKeyring {
    public static final String PID = "org.dtp.crypto";
    private static final Logger LOG = LoggerFactory.getLogger(MasterKeyring.class);
    private static final String PREFIX = "mk-";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;

    @ObjectClassDefinition(name = "dtp master keys", description = "Where the master keys that wrap each transfer's data key are kept.")
    public @interface Config {
        @AttributeDefinition(name = "Key store", description = "PKCS#12 file of the master keys; empty: etc/dtp-master-keys.p12 "
                + "in the Karaf home. Created when absent. Share it between the nodes of a cluster.")
        String keyStore() default "";

        @AttributeDefinition(name = "Key store password", type = AttributeType.PASSWORD, description = "Empty: the password "
                + "is read from (or, for a new key store, generated into) the file beside the key store named like it with "
                + "'.password' added.")
        String _keyStorePassword() default "";
    }

    private final SecureRandom random = new SecureRandom();
    /** Null for a key ring that lives in memory only. */
    private final Path file;
    private final char[] password;
    private final TreeMap<Integer, SecretKey> keys = new TreeMap<>();

    @Activate
    public MasterKeyring(Config config) {
        this(keyStoreOf(config), config._keyStorePassword());
    }

    /** The key ring in {@code file}, created when absent; an empty password means the password file beside it. */
    public MasterKeyring(Path file, String password) {
        this.file = file;
        this.password = passwordOf(file, password);
        load();
    }

    private MasterKeyring() {
        this.file = null;
        this.password = new char[0];
        keys.put(1, newKey());
    }

    /**
     * A key ring with one key that exists only in this process: for tools and tests whose transfers do not
     * outlive it.
     */
    public static MasterKeyring inMemory() {
        return new MasterKeyring();
    }

    public synchronized String currentKeyId() {
        return PREFIX + keys.lastKey();
    }

    public synchronized List<String> keyIds() {
        List<String> ids = new ArrayList<>();
        keys.keySet().forEach(n -> ids.add(PREFIX + n));
        return ids;
    }

    /** Adds a key and makes it current; the key store file is replaced atomically. */
    public synchronized String rotate() {
        reloadIfChanged();
        keys.put(keys.lastKey() + 1, newKey());
        save();
        LOG.info("master key {} added and made current", currentKeyId());
        return currentKeyId();
    }

    /** {@code dataKey} wrapped by the current master key for {@code jobId}: the key id and the wrapped bytes. */
    public WrappedKey wrap(String jobId, byte[] dataKey) {
        String keyId;
        SecretKey master;
        synchronized (this) {
            keyId = currentKeyId();
            master = keys.lastEntry().getValue();
        }
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, master, new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(jobId.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(dataKey);
            byte[] out = new byte[iv.length + sealed.length];
            System.arraycopy(iv, 0, out, 0, iv.length);
            System.arraycopy(sealed, 0, out, iv.length, sealed.length);
            return new WrappedKey(keyId, Base64.getEncoder().encodeToString(out));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot wrap a data key: " + e.getMessage(), e);
        }
    }

    /** The data key that {@link #wrap} wrapped; the key store is read again if it lacks the key (rotated elsewhere). */
    public byte[] unwrap(String jobId, WrappedKey wrapped) {
        SecretKey master = masterKey(wrapped.keyId());
        byte[] in = Base64.getDecoder().decode(wrapped.value());
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, master, new GCMParameterSpec(TAG_BITS, in, 0, IV_BYTES));
            cipher.updateAAD(jobId.getBytes(StandardCharsets.UTF_8));
            return cipher.doFinal(in, IV_BYTES, in.length - IV_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the data key of transfer " + jobId + " does not unwrap with master key "
                    + wrapped.keyId() + " (wrong key store?)", e);
        }
    }

    /** A data key wrapped by master key {@code keyId}; {@code value} is the IV and ciphertext, in Base64. */
    public record WrappedKey(String keyId, String value) {
    }

    private synchronized SecretKey masterKey(String keyId) {
        int n = number(keyId);
        if (!keys.containsKey(n)) {
            reloadIfChanged();
        }
        SecretKey key = keys.get(n);
        if (key == null) {
            throw new IllegalStateException("master key " + keyId + " is not in the key store "
                    + (file == null ? "(in memory)" : file) + "; every node needs the same key store");
        }
        return key;
    }

    private static int number(String keyId) {
        if (keyId == null || !keyId.startsWith(PREFIX)) {
            throw new IllegalStateException("not a master key id: " + keyId);
        }
        try {
            return Integer.parseInt(keyId.substring(PREFIX.length()));
        } catch (NumberFormatException e) {
            throw new IllegalStateException("not a master key id: " + keyId, e);
        }
    }

    private SecretKey newKey() {
        try {
            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(256, random);
            return generator.generateKey();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JVM cannot make AES-256 keys", e);
        }
    }

    private void reloadIfChanged() {
        if (file != null && Files.exists(file)) {
            load();
        }
    }

    private void load() {
        if (!Files.exists(file)) {
            keys.put(1, newKey());
            save();
            LOG.info("created the master key store {}", file);
            return;
        }
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            Map<Integer, SecretKey> found = new TreeMap<>();
            for (String alias : Collections.list(store.aliases())) {
                if (alias.startsWith(PREFIX) && store.isKeyEntry(alias)) {
                    java.security.Key key = store.getKey(alias, password);
                    found.put(number(alias), new SecretKeySpec(key.getEncoded(), "AES"));
                }
            }
            if (found.isEmpty()) {
                throw new IllegalStateException("the key store " + file + " holds no dtp master key");
            }
            keys.clear();
            keys.putAll(found);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the master key store " + file + ": " + e.getMessage(), e);
        }
    }

    private void save() {
        if (file == null) {
            return;
        }
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, password);
            KeyStore.ProtectionParameter protection = new KeyStore.PasswordProtection(password);
            for (Map.Entry<Integer, SecretKey> e : keys.entrySet()) {
                store.setEntry(PREFIX + e.getKey(), new KeyStore.SecretKeyEntry(e.getValue()), protection);
            }
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temp = ownerOnly(file.resolveSibling(file.getFileName() + ".tmp"));
            try (OutputStream out = Files.newOutputStream(temp)) {
                store.store(out, password);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot write the master key store " + file + ": " + e.getMessage(), e);
        }
    }

    private char[] passwordOf(Path keyStore, String configured) {
        if (configured != null && !configured.isEmpty()) {
            return configured.toCharArray();
        }
        Path passwordFile = keyStore.resolveSibling(keyStore.getFileName() + ".password");
        try {
            if (Files.exists(passwordFile)) {
                return Files.readString(passwordFile, StandardCharsets.UTF_8).strip().toCharArray();
            }
            if (Files.exists(keyStore)) {
                throw new IllegalStateException("the key store " + keyStore + " exists but its password is neither "
                        + "configured nor in " + passwordFile);
            }
            byte[] secret = new byte[32];
            random.nextBytes(secret);
            String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
            Files.createDirectories(passwordFile.toAbsolutePath().getParent());
            Files.writeString(ownerOnly(passwordFile), generated, StandardCharsets.UTF_8);
            return generated.toCharArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read or create " + passwordFile + ": " + e.getMessage(), e);
        }
    }

    /** Creates {@code path} empty and readable by its owner only (where the file system has POSIX permissions). */
    private static Path ownerOnly(Path path) throws IOException {
        Files.deleteIfExists(path);
        try {
            return Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            return Files.createFile(path);
        }
    }

    private static Path keyStoreOf(Config config) {
        if (config.keyStore() != null && !config.keyStore().isBlank()) {
            return Paths.get(config.keyStore().trim());
        }
        String etc = System.getProperty("karaf.etc");
        return (etc != null ? Paths.get(etc) : Paths.get(System.getProperty("karaf.home", "."), "etc"))
                .resolve("dtp-master-keys.p12");
    }
}
