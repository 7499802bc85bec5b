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
        CertPath path = CertificateFactory.getInstance("X.509").generateCertPath(List.of(key.getCertificateChain()));
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            new JarSigner.Builder(key.getPrivateKey(), path).build().sign(zip, signed);
        }
        return signed.toByteArray();
    }

    private static JarSignatures trusting(KeyStore.PrivateKeyEntry key) {
        return new JarSignatures(List.of((X509Certificate) key.getCertificate()));
    }

    @Test
    public void aJarSignedByATrustedKeyIsTrustedAndNamesItsSigner() throws Exception {
        JarSignatures.Verdict verdict = trusting(vendor).verify(new ByteArrayInputStream(sign(jar("a.jar"), vendor)));
        assertTrue(verdict.refusal(), verdict.trusted());
        assertEquals("CN=Example Adapters Ltd", verdict.signer());
    }

    @Test
    public void unsignedUntrustedAndTamperedJarsAreRefusedWithTheReason() throws Exception {
        JarSignatures signatures = trusting(vendor);
        JarSignatures.Verdict unsigned = signatures.verify(Files.newInputStream(jar("b.jar")));
        assertFalse(unsigned.trusted());
        assertTrue(unsigned.refusal(), unsigned.refusal().contains("not signed"));

        JarSignatures.Verdict other = signatures.verify(new ByteArrayInputStream(sign(jar("c.jar"), stranger)));
        assertFalse(other.trusted());
        assertEquals("CN=Someone Else", other.signer());
        assertTrue(other.refusal(), other.refusal().contains("CN=Someone Else is not trusted"));

        byte[] signed = sign(jar("d.jar"), vendor);
        byte[] tampered = tamper(signed, "not really a class", "NOT REALLY A CLASS");
        JarSignatures.Verdict broken = signatures.verify(new ByteArrayInputStream(tampered));
        assertFalse(broken.trusted());
        assertTrue(broken.refusal(), broken.refusal().contains("invalid"));
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
