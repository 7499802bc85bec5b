package org.dtp.spi.http;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/**
 * TLS that trusts only the certificates of a key store file, in place of the JVM's CAs: for servers with a
 * private CA or a self-signed certificate (an IMAP, DAV or SMTP server of one's own). Host names are still
 * checked by the clients that use it. Since 1.2; 1.3: {@link #load}, the key store alone.
 */
public final class TrustStores {
    private TrustStores() {
    }

    /**
     * @param type     the key store type (PKCS12, JKS); null or blank: the JVM's default
     * @param password null or empty for a key store without one
     * @throws IllegalArgumentException when the file cannot be read as such a key store (the message says why,
     *                                  never the password)
     */
    public static SSLContext sslContext(Path trustStore, String type, char[] password) {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(load(trustStore, type, password));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot use the trust store " + trustStore + ": " + e.getMessage(), e);
        }
    }

    /**
     * The key store file of trusted certificates, loaded. Since 1.3.
     *
     * @param type     the key store type (PKCS12, JKS); null or blank: the JVM's default
     * @param password null or empty for a key store without one
     * @throws IllegalArgumentException when the file cannot be read as such a key store (the message says why,
     *                                  never the password)
     */
    public static KeyStore load(Path trustStore, String type, char[] password) {
        try (InputStream in = Files.newInputStream(trustStore)) {
            KeyStore trusted = KeyStore.getInstance(type == null || type.isBlank() ? KeyStore.getDefaultType() : type);
            trusted.load(in, password == null || password.length == 0 ? null : password);
            return trusted;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the trust store " + trustStore + ": " + e.getMessage(), e);
        }
    }
}
