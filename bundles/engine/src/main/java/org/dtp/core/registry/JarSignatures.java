package org.dtp.core.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.GeneralSecurityException;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.Certificate;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

/**
 * Whether a jar is signed, entry by entry, by a key the operator trusts. The jar is read through its central
 * directory, as the framework reads a bundle: every entry but the manifest and the signature files themselves must
 * carry a valid signature (the JDK checks each entry's digest and the signature while it is read) by one signer,
 * whose certificate is a trusted one, or whose certificate path validates (PKIX: each certificate signed by the
 * next, all within their dates) up to a trusted certificate. A chain that merely contains a trusted certificate
 * proves nothing: anyone can copy it into theirs.
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

    private final List<X509Certificate> trusted;
    private final Set<TrustAnchor> anchors;

    JarSignatures(Collection<X509Certificate> trusted) {
        this.trusted = List.copyOf(trusted);
        this.anchors = this.trusted.stream().map(c -> new TrustAnchor(c, null)).collect(Collectors.toUnmodifiableSet());
    }

    Verdict verify(Path file) throws IOException {
        Set<CertPath> common = null;
        int entries = 0;
        byte[] buffer = new byte[64 * 1024];
        try (JarFile jar = new JarFile(file.toFile(), true)) {
            if (jar.getManifest() == null) {
                return new Verdict(null, "it has no manifest, so its signature cannot be checked");
            }
            for (JarEntry entry : Collections.list(jar.entries())) {
                try (InputStream in = jar.getInputStream(entry)) {
                    while (in.read(buffer) >= 0) {
                        // reading to the end is what verifies the entry's digest
                    }
                }
                if (entry.isDirectory() || isSignatureFile(entry.getName())) {
                    continue;
                }
                entries++;
                CodeSigner[] signers = entry.getCodeSigners();
                if (signers == null) {
                    return new Verdict(null, "it is not signed (" + entry.getName() + " carries no signature)");
                }
                Set<CertPath> paths = new HashSet<>();
                for (CodeSigner signer : signers) {
                    paths.add(signer.getSignerCertPath());
                }
                if (common == null) {
                    common = paths;
                } else {
                    common.retainAll(paths);
                }
            }
        } catch (SecurityException e) {
            return new Verdict(null, "its signature is invalid: " + e.getMessage());
        }
        if (entries == 0 || common == null || common.isEmpty()) {
            return new Verdict(null, entries == 0 ? "it has nothing signed in it" : "its entries are not all signed by one signer");
        }
        String refusal = null;
        String subject = null;
        for (CertPath path : common) {
            subject = signerOf(path).getSubjectX500Principal().getName();
            refusal = refusalOf(path, subject);
            if (refusal == null) {
                return new Verdict(subject, null);
            }
        }
        return new Verdict(subject, refusal);
    }

    /** The manifest and the signature block files of META-INF, which signing itself writes; nothing else. */
    private static boolean isSignatureFile(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (!upper.startsWith("META-INF/") || upper.indexOf('/', "META-INF/".length()) >= 0) {
            return false;
        }
        return upper.equals("META-INF/MANIFEST.MF") || upper.endsWith(".SF") || upper.endsWith(".RSA")
                || upper.endsWith(".DSA") || upper.endsWith(".EC") || upper.startsWith("META-INF/SIG-");
    }

    private static X509Certificate signerOf(CertPath path) {
        return (X509Certificate) path.getCertificates().get(0);
    }

    /** Why the signer of {@code path} is not trusted here; null when it is. */
    private String refusalOf(CertPath path, String subject) {
        X509Certificate signer = signerOf(path);
        try {
            if (trusted.contains(signer)) {
                signer.checkValidity(); // the trusted certificate itself signed the jar
                return null;
            }
            if (anchors.isEmpty()) {
                return "its signer " + subject + " is not trusted here";
            }
            PKIXParameters parameters = new PKIXParameters(anchors);
            parameters.setRevocationEnabled(false); // no network here to fetch revocation lists from
            CertPathValidator.getInstance("PKIX").validate(withoutAnchors(path), parameters);
            return null;
        } catch (java.security.cert.CertificateExpiredException | java.security.cert.CertificateNotYetValidException e) {
            return "its signer " + subject + "'s certificate is not valid now (" + e.getMessage() + ")";
        } catch (GeneralSecurityException e) {
            return "its signer " + subject + " is not trusted here";
        }
    }

    /** The path without trusted certificates at its end: PKIX wants the path up to, not including, its anchor. */
    private CertPath withoutAnchors(CertPath path) throws GeneralSecurityException {
        List<? extends Certificate> certificates = path.getCertificates();
        int end = certificates.size();
        while (end > 1 && trusted.contains(certificates.get(end - 1))) {
            end--;
        }
        return java.security.cert.CertificateFactory.getInstance("X.509").generateCertPath(certificates.subList(0, end));
    }
}
