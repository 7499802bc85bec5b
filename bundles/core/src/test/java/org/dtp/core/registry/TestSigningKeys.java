package org.dtp.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;

/** Signing keys with self-signed certificates, made by the JDK's keytool as an adapter vendor would make them. */
final class TestSigningKeys {
    private TestSigningKeys() {
    }

    static KeyStore.PrivateKeyEntry make(String subject) throws Exception {
        Path dir = Files.createTempDirectory("dtp-keys");
        Path store = dir.resolve("keys.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process process = new ProcessBuilder(keytool, "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1",
                "-alias", "signer", "-dname", subject, "-validity", "30", "-keystore", store.toString(),
                "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        return (KeyStore.PrivateKeyEntry) keys.getEntry("signer", new KeyStore.PasswordProtection("changeit".toCharArray()));
    }
}
