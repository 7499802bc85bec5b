package org.dtp.core.crypto;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class MasterKeyringTest {
    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static final byte[] DATA_KEY = new byte[32];

    static {
        new SecureRandom().nextBytes(DATA_KEY);
    }

    @Test
    public void aFreshKeyStoreAndItsPasswordFileAreCreatedReadableByTheOwnerOnly() throws Exception {
        Path file = folder.getRoot().toPath().resolve("etc/keys.p12");
        MasterKeyring keyring = new MasterKeyring(file, "");

        assertEquals("mk-1", keyring.currentKeyId());
        Path password = file.resolveSibling("keys.p12.password");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(password)));
        assertTrue(Files.readString(password).length() >= 40);
    }

    @Test
    public void dataKeysUnwrapOnlyForTheirJobAndAfterARestart() throws Exception {
        Path file = folder.getRoot().toPath().resolve("keys.p12");
        MasterKeyring keyring = new MasterKeyring(file, "s3cret-password");
        MasterKeyring.WrappedKey wrapped = keyring.wrap("job-1", DATA_KEY);

        assertArrayEquals(DATA_KEY, new MasterKeyring(file, "s3cret-password").unwrap("job-1", wrapped));
        assertThrows(IllegalStateException.class, () -> keyring.unwrap("job-2", wrapped));
        assertThrows(IllegalStateException.class, () -> new MasterKeyring(file, "wrong password"));
    }

    @Test
    public void afterRotationNewKeysWrapAndOldWrappedKeysStillUnwrap() throws Exception {
        Path file = folder.getRoot().toPath().resolve("keys.p12");
        MasterKeyring node = new MasterKeyring(file, "");
        MasterKeyring otherNode = new MasterKeyring(file, "");
        MasterKeyring.WrappedKey before = node.wrap("job-1", DATA_KEY);

        assertEquals("mk-2", node.rotate());
        MasterKeyring.WrappedKey after = node.wrap("job-2", DATA_KEY);

        assertEquals("mk-2", after.keyId());
        assertNotEquals(before.value(), after.value());
        assertEquals(List.of("mk-1", "mk-2"), node.keyIds());
        // A node sharing the key store file reads it again when it meets a key it does not know.
        assertArrayEquals(DATA_KEY, otherNode.unwrap("job-2", after));
        assertArrayEquals(DATA_KEY, otherNode.unwrap("job-1", before));
        assertEquals("mk-2", new MasterKeyring(file, "").currentKeyId());
    }

    @Test
    public void anExistingKeyStoreWithoutItsPasswordIsRefusedClearly() throws Exception {
        Path file = folder.getRoot().toPath().resolve("keys.p12");
        new MasterKeyring(file, "");
        Files.delete(file.resolveSibling("keys.p12.password"));

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new MasterKeyring(file, ""));
        assertTrue(e.getMessage(), e.getMessage().contains("password is neither configured nor in"));
    }

    @Test
    public void sealedValuesOpenOnlyInTheirJobAndColumn() {
        SecureRandom random = new SecureRandom();
        DataKeyCipher cipher = new DataKeyCipher(DATA_KEY, "job-1", random);
        String sealed = cipher.seal("checkpoint", "{\"password\":\"hunter2\"}");

        assertTrue(DataKeyCipher.isSealed(sealed));
        assertTrue(!sealed.contains("hunter2"));
        assertEquals("{\"password\":\"hunter2\"}", cipher.open("checkpoint", sealed));
        assertThrows(IllegalStateException.class, () -> cipher.open("source_settings", sealed));
        assertThrows(IllegalStateException.class, () -> new DataKeyCipher(DATA_KEY, "job-2", random).open("checkpoint", sealed));
        String altered = sealed.substring(0, sealed.length() - 4) + (sealed.endsWith("AAAA") ? "BBBB" : "AAAA");
        assertThrows(IllegalStateException.class, () -> cipher.open("checkpoint", altered));
    }
}
