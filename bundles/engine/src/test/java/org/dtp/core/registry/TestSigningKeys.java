package org.dtp.core.registry;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Signing keys made by the JDK's keytool as an adapter vendor (or someone posing as one) would make them. */
final class TestSigningKeys {
    private static final String PASSWORD = "changeit";

    private TestSigningKeys() {
    }

    /** A key with a self-signed certificate of {@code subject}. */
    static KeyStore.PrivateKeyEntry make(String subject) throws Exception {
        Path store = Files.createTempDirectory("dtp-keys").resolve("keys.p12");
        generate(store, "signer", subject);
        return entry(store, "signer");
    }

    /** A signing key and the certificate of the authority that issued its certificate. */
    record Issued(KeyStore.PrivateKeyEntry key, X509Certificate authority) {
    }

    /**
     * A key of {@code subject} whose certificate an authority named {@code authority} (made here, with a key of its
     * own) signed. With a trusted vendor's name as {@code authority}, it is an impostor's: a certificate that names
     * the vendor as its issuer without the vendor having issued it.
     */
    static Issued issuedBy(String subject, String authority) throws Exception {
        Path store = Files.createTempDirectory("dtp-keys").resolve("keys.p12");
        generate(store, "authority", authority);
        generate(store, "signer", subject);
        byte[] request = keytool(null, "-certreq", "-alias", "signer", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", PASSWORD);
        byte[] certificate = keytool(request, "-gencert", "-alias", "authority", "-validity", "30", "-keystore", store.toString(),
                "-storetype", "PKCS12", "-storepass", PASSWORD, "-rfc");
        X509Certificate issued = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(certificate));
        return new Issued(new KeyStore.PrivateKeyEntry(entry(store, "signer").getPrivateKey(), new X509Certificate[]{issued}),
                (X509Certificate) entry(store, "authority").getCertificate());
    }

    /** {@code key}'s certificate followed by {@code others}, as a signer may put any certificates in its block. */
    static List<X509Certificate> chain(KeyStore.PrivateKeyEntry key, X509Certificate... others) {
        List<X509Certificate> chain = new ArrayList<>();
        chain.add((X509Certificate) key.getCertificate());
        chain.addAll(List.of(others));
        return chain;
    }

    private static void generate(Path store, String alias, String subject) throws Exception {
        keytool(null, "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1", "-alias", alias, "-dname", subject,
                "-validity", "30", "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD,
                "-keypass", PASSWORD);
    }

    private static KeyStore.PrivateKeyEntry entry(Path store, String alias) throws Exception {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        return (KeyStore.PrivateKeyEntry) keys.getEntry(alias, new KeyStore.PasswordProtection(PASSWORD.toCharArray()));
    }

    /** Runs keytool with {@code input} on its standard input; its standard output. */
    private static byte[] keytool(byte[] input, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (input != null) {
            process.getOutputStream().write(input);
        }
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("keytool " + args[0] + " failed");
        }
        return output;
    }
}
