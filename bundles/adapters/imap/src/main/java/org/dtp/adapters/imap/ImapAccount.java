package org.dtp.adapters.imap;

import org.dtp.spi.Fingerprint;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;

/**
 * One side's IMAP account, from the endpoint settings {@value #HOST}, {@value #PORT} (optional), {@value #SECURITY},
 * {@value #USERNAME}, {@value #PASSWORD} (the account's password or an app password) and {@value #COMPRESS} (optional).
 */
record ImapAccount(String host, int port, Security security, String username, String password, Compression compression) {
    static final String HOST = "host";
    static final String PORT = "port";
    static final String SECURITY = "security";
    static final String USERNAME = "username";
    static final String PASSWORD = "password";
    static final String COMPRESS = "compress";

    /** How the connection is protected. */
    enum Security {
        /** TLS from the first byte (imaps, port 993). */
        TLS(993),
        /** Plain connection upgraded with STARTTLS before login; refused when the server does not offer it (port 143). */
        STARTTLS(143),
        /** No TLS at all: only when the configuration allows a plaintext login. */
        PLAIN(143);

        final int defaultPort;

        Security(int defaultPort) {
            this.defaultPort = defaultPort;
        }
    }

    /** Whether the connection is compressed with COMPRESS=DEFLATE (RFC 4978) where the server offers it. */
    enum Compression {
        /**
         * Compressed unless the server is on this machine: over a network deflate cuts the bytes (mail text shrinks to
         * a third or less), on loopback there is no link to save and it only costs CPU on both sides.
         */
        AUTO,
        ON,
        OFF;

        /** Whether a connection to {@code host} asks the server to compress (if it offers COMPRESS=DEFLATE). */
        boolean appliesTo(String host) {
            return this == ON || this == AUTO && !onLoopback(host);
        }

        /** Whether every address of the host is a loopback address; a name that does not resolve is not (connecting will fail). */
        private static boolean onLoopback(String host) {
            try {
                return Arrays.stream(InetAddress.getAllByName(host)).allMatch(InetAddress::isLoopbackAddress);
            } catch (UnknownHostException e) {
                return false;
            }
        }
    }

    /** The account the endpoint names; the message of a refusal says which setting to fix (never the password). */
    static ImapAccount of(TransferEndpoint endpoint, ImapSettings settings) throws InvalidEndpointException {
        String host = endpoint.require(HOST).trim();
        if (!host.matches("[A-Za-z0-9.:\\[\\]-]+")) {
            throw new InvalidEndpointException("'" + host + "' is not a host name or address (setting '" + HOST + "')");
        }
        String securityText = endpoint.settings().getOrDefault(SECURITY, "tls").trim().toUpperCase(Locale.ROOT);
        Security security;
        try {
            security = Security.valueOf(securityText);
        } catch (IllegalArgumentException e) {
            throw new InvalidEndpointException("setting '" + SECURITY + "' must be tls, starttls or plain, was '"
                    + endpoint.settings().get(SECURITY) + "'");
        }
        if (security == Security.PLAIN && !settings.allowPlaintextLogin()) {
            throw new InvalidEndpointException("security 'plain' would send the password unencrypted; use tls or starttls "
                    + "(an operator can allow plain logins with allowPlaintextLogin in " + ImapConfig.PID + ")");
        }
        int port = security.defaultPort;
        String portText = endpoint.settings().get(PORT);
        if (portText != null && !portText.isBlank()) {
            try {
                port = Integer.parseInt(portText.trim());
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new InvalidEndpointException("setting '" + PORT + "' must be a port number (1 to 65535), was '" + portText + "'");
            }
        }
        String compressText = endpoint.settings().getOrDefault(COMPRESS, "auto").trim().toUpperCase(Locale.ROOT);
        Compression compression;
        try {
            compression = Compression.valueOf(compressText);
        } catch (IllegalArgumentException e) {
            throw new InvalidEndpointException("setting '" + COMPRESS + "' must be auto, on or off, was '"
                    + endpoint.settings().get(COMPRESS) + "'");
        }
        return new ImapAccount(host, port, security, endpoint.require(USERNAME), endpoint.require(PASSWORD), compression);
    }

    /** Identifies the account in pools and caches (a hash: never the password itself). */
    String key() {
        return Fingerprint.of(host + "\n" + port + "\n" + security + "\n" + username + "\n" + password).hex(16);
    }

    /** For messages and logs: the user at the server, never the password. */
    String describe() {
        return username + " at " + host + ":" + port;
    }

    @Override
    public String toString() {
        return "ImapAccount[" + describe() + ", " + security + ", compress " + compression + "]";
    }
}
