package org.dtp.core.registry;

import jdk.security.jarsigner.JarSigner;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertPath;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipFile;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Jars signed with the JDK's own signer (jdk.security.jarsigner) by keys made with keytool: trusted, untrusted,
 * unsigned and tampered ones.
 */
public class JarSignaturesTest {
    @Rule
    public final TemporaryFolder folder = new TemporaryFolder();

    private static KeyStore.PrivateKeyEntry vendor;
    private static KeyStore.PrivateKeyEntry stranger;

    @BeforeClass
    public static void makeKeys() throws Exception {
        vendor = TestSigningKeys.make("CN=Example Adapters Ltd");
        stranger = TestSigningKeys.make("CN=Someone Else");
    }

    private Path jar(String name) throws IOException {
        Path jar = folder.getRoot().toPath().resolve(name);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Bundle-SymbolicName", "com.example.dtp.adapter");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
            jarOut.putNextEntry(new JarEntry("com/example/Adapter.class"));
            jarOut.write("not really a class, but bytes to sign".getBytes(StandardCharsets.UTF_8));
            jarOut.closeEntry();
            jarOut.putNextEntry(new JarEntry("OSGI-INF/adapter.xml"));
            jarOut.write("<component/>".getBytes(StandardCharsets.UTF_8));
            jarOut.closeEntry();
        }
        return jar;
    }

    private static byte[] sign(Path jar, KeyStore.PrivateKeyEntry key) throws Exception {
        return sign(jar, key, List.of((X509Certificate[]) key.getCertificateChain()));
    }

    /** {@code jar} signed with {@code key}, the signature block holding {@code certificates}. */
    private static byte[] sign(Path jar, KeyStore.PrivateKeyEntry key, List<X509Certificate> certificates) throws Exception {
        CertPath path = CertificateFactory.getInstance("X.509").generateCertPath(certificates);
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            new JarSigner.Builder(key.getPrivateKey(), path).build().sign(zip, signed);
        }
        return signed.toByteArray();
    }

    /** {@code bytes} as a jar file to verify. */
    private Path file(byte[] bytes) throws IOException {
        return Files.write(folder.newFile().toPath(), bytes);
    }

    private static JarSignatures trusting(KeyStore.PrivateKeyEntry key) {
        return new JarSignatures(List.of((X509Certificate) key.getCertificate()));
    }

    @Test
    public void aJarSignedByATrustedKeyIsTrustedAndNamesItsSigner() throws Exception {
        JarSignatures.Verdict verdict = trusting(vendor).verify(file(sign(jar("a.jar"), vendor)));
        assertTrue(verdict.refusal(), verdict.trusted());
        assertEquals("CN=Example Adapters Ltd", verdict.signer());
    }

    @Test
    public void unsignedUntrustedAndTamperedJarsAreRefusedWithTheReason() throws Exception {
        JarSignatures signatures = trusting(vendor);
        JarSignatures.Verdict unsigned = signatures.verify(jar("b.jar"));
        assertFalse(unsigned.trusted());
        assertTrue(unsigned.refusal(), unsigned.refusal().contains("not signed"));

        JarSignatures.Verdict other = signatures.verify(file(sign(jar("c.jar"), stranger)));
        assertFalse(other.trusted());
        assertEquals("CN=Someone Else", other.signer());
        assertTrue(other.refusal(), other.refusal().contains("CN=Someone Else is not trusted"));

        byte[] signed = sign(jar("d.jar"), vendor);
        byte[] tampered = tamper(signed, "not really a class", "NOT REALLY A CLASS");
        JarSignatures.Verdict broken = signatures.verify(file(tampered));
        assertFalse(broken.trusted());
        assertTrue(broken.refusal(), broken.refusal().contains("invalid"));
    }

    @Test
    public void aKeyIssuedByATrustedAuthorityIsTrusted() throws Exception {
        TestSigningKeys.Issued team = TestSigningKeys.issuedBy("CN=Adapter Team", "CN=Example Adapters CA");

        JarSignatures.Verdict verdict = new JarSignatures(List.of(team.authority())).verify(file(sign(jar("f.jar"), team.key())));

        assertTrue(verdict.refusal(), verdict.trusted());
        assertEquals("CN=Adapter Team", verdict.signer());
    }

    @Test
    public void aChainThatOnlyCarriesTheTrustedCertificateIsNotTrusted() throws Exception {
        // Mallory's certificate names the vendor as its issuer; the vendor's real certificate is copied into the block.
        TestSigningKeys.Issued mallory = TestSigningKeys.issuedBy("CN=Mallory", "CN=Example Adapters Ltd");

        JarSignatures.Verdict verdict = trusting(vendor).verify(file(sign(jar("e.jar"), mallory.key(),
                TestSigningKeys.chain(mallory.key(), (X509Certificate) vendor.getCertificate()))));

        assertFalse(verdict.trusted());
        assertEquals("CN=Mallory", verdict.signer());
        assertTrue(verdict.refusal(), verdict.refusal().contains("CN=Mallory is not trusted"));
    }

    /** The signed jar rebuilt with one entry's content changed and its signature files kept, as an attacker would. */
    private byte[] tamper(byte[] signedJar, String from, String to) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(new ByteArrayInputStream(signedJar), false);
             JarOutputStream jarOut = new JarOutputStream(out, in.getManifest())) {
            for (JarEntry entry; (entry = in.getNextJarEntry()) != null; ) {
                byte[] content = in.readAllBytes();
                jarOut.putNextEntry(new JarEntry(entry.getName()));
                String text = new String(content, StandardCharsets.ISO_8859_1);
                jarOut.write(text.contains(from) ? text.replace(from, to).getBytes(StandardCharsets.ISO_8859_1) : content);
                jarOut.closeEntry();
            }
        }
        return out.toByteArray();
    }
}
