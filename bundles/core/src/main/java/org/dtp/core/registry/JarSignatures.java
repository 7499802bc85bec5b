package org.dtp.core.registry;

import java.io.IOException;
import java.io.InputStream;
import java.security.CodeSigner;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;

/**
 * Whether a jar is signed, entry by entry, by a key the operator trusts: every entry outside META-INF must carry a
 * valid signature (the JDK's jar verification checks digests and signatures while reading) by one signer whose
 * certificate chain holds a trusted certificate or one issued by it.
 */
final class JarSignatures {
    /**
     * The verdict: the signer's subject (null when unsigned), and why the jar is not trusted (null when it is).
     */
    record Verdict(String signer, String refusal) {
        boolean trusted() {
            return refusal == null;
        }
    }

    private final Collection<X509Certificate> trusted;

    JarSignatures(Collection<X509Certificate> trusted) {
        this.trusted = List.copyOf(trusted);
    }

    Verdict verify(InputStream jar) throws IOException {
        Set<List<? extends Certificate>> common = null;
        int entries = 0;
        byte[] buffer = new byte[64 * 1024];
        try (JarInputStream in = new JarInputStream(jar, true)) {
            if (in.getManifest() == null) {
                return new Verdict(null, "it has no manifest first, so its signature cannot be checked");
            }
            for (JarEntry entry; (entry = in.getNextJarEntry()) != null; ) {
                while (in.read(buffer) >= 0) {
                    // reading to the end is what verifies the entry's digest
                }
                String name = entry.getName();
                if (entry.isDirectory() || name.startsWith("META-INF/")) {
                    continue;
                }
                entries++;
                CodeSigner[] signers = entry.getCodeSigners();
                if (signers == null) {
                    return new Verdict(null, "it is not signed (" + name + " carries no signature)");
                }
                Set<List<? extends Certificate>> chains = new HashSet<>();
                for (CodeSigner signer : signers) {
                    chains.add(signer.getSignerCertPath().getCertificates());
                }
                if (common == null) {
                    common = chains;
                } else {
                    common.retainAll(chains);
                }
            }
        } catch (SecurityException e) {
            return new Verdict(null, "its signature is invalid: " + e.getMessage());
        }
        if (entries == 0 || common == null || common.isEmpty()) {
            return new Verdict(null, entries == 0 ? "it has nothing signed in it" : "its entries are not all signed by one signer");
        }
        for (List<? extends Certificate> chain : common) {
            if (isTrusted(chain)) {
                return new Verdict(((X509Certificate) chain.get(0)).getSubjectX500Principal().getName(), null);
            }
        }
        String subject = ((X509Certificate) common.iterator().next().get(0)).getSubjectX500Principal().getName();
        return new Verdict(subject, "its signer " + subject + " is not trusted here");
    }

    private boolean isTrusted(List<? extends Certificate> chain) {
        for (Certificate certificate : chain) {
            X509Certificate x509 = (X509Certificate) certificate;
            for (X509Certificate anchor : trusted) {
                if (anchor.equals(x509)) {
                    return true;
                }
                if (anchor.getSubjectX500Principal().equals(x509.getIssuerX500Principal())) {
                    try {
                        x509.verify(anchor.getPublicKey());
                        x509.checkValidity();
                        return true;
                    } catch (GeneralSecurityException notIssuedByIt) {
                        // another anchor may have issued it
                    }
                }
            }
        }
        return false;
    }
}
