package org.dtp.adapters.imap;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.URLName;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.eclipse.angus.mail.imap.IMAPSSLStore;
import org.eclipse.angus.mail.imap.IMAPStore;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;
import org.dtp.spi.http.TrustStores;
import org.dtp.spi.net.CheckedSockets;
import org.dtp.spi.net.OutboundAddresses;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/**
 * What the IMAP exporter and importer share: the configuration, logged-in connections kept between pages and
 * messages (per account, used by one caller at a time), and the importer's memory of what it appended in this
 * run. Reconfiguring it restarts the exporter and importer with the new settings. Every connection goes through
 * {@link CheckedSockets}: only to an address {@link OutboundAddresses} allows (the user names the host and port).
 */
@Component(service = ImapConnector.class, configurationPid = ImapConfig.PID)
@Designate(ocd = ImapConfig.class)
public final class ImapConnector {
    private static final Logger LOG = LoggerFactory.getLogger(ImapConnector.class);
    /** Idempotency keys remembered per connector: enough for the messages of the pages in work of many jobs. */
    private static final int REMEMBERED_IMPORTS = 10_000;
    /**
     * A pooled connection used less long ago than this is lent without a NOOP to prove it alive: a server that dropped
     * it fails the caller's next command, which is transient (the engine retries) and discards the connection.
     */
    private static final long CHECK_AFTER_IDLE_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);

    private final ImapSettings settings;
    /** The checked sockets for end users' transfers. */
    private final Sockets sockets;
    /** The checked sockets for the operators' transfers (the same checks unless they are exempted). */
    private final Sockets operatorSockets;
    /** The trust for STARTTLS; null for the JVM's default. */
    private final SSLSocketFactory socketFactory;
    private final Map<String, Deque<Idle>> idle = new HashMap<>();
    private final Map<String, String> imported = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > REMEMBERED_IMPORTS;
        }
    };
    private boolean closed;

    /** A connection given back, with the folder it keeps open (null if none), so the next lease need not open it again. */
    private record Idle(IMAPStore store, IMAPFolder open, long since) {
    }

    /** Plain TCP to checked addresses (IMAP, upgraded by STARTTLS) and TLS from the first byte to them (IMAPS). */
    private record Sockets(SocketFactory plain, SocketFactory tls) {
        Sockets(OutboundAddresses outbound, SSLSocketFactory trust) {
            this(CheckedSockets.plain(outbound), CheckedSockets.tls(outbound, trust));
        }
    }

    @Activate
    public ImapConnector(ImapConfig config, @Reference OutboundAddresses outbound) {
        this(ImapSettings.of(config), outbound);
    }

    ImapConnector(ImapSettings settings, OutboundAddresses outbound) {
        this.settings = settings;
        this.socketFactory = settings.trustStore() == null ? null : socketFactory(settings);
        SSLSocketFactory trust = socketFactory == null ? (SSLSocketFactory) SSLSocketFactory.getDefault() : socketFactory;
        this.sockets = new Sockets(outbound, trust);
        this.operatorSockets = new Sockets(outbound.forOperator(), trust);
    }

    ImapSettings settings() {
        return settings;
    }

    /** Checks the endpoint's settings (no connection is made). */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        ImapAccount.of(endpoint, settings);
    }

    /**
     * A logged-in connection to the account of the context's endpoint, for the caller alone until it closes the lease.
     * Connections of the operators' transfers (which may be exempt from the address check) are pooled apart.
     */
    Lease lease(TransferContext context) throws AdapterException {
        ImapAccount account = ImapAccount.of(context.endpoint(), settings);
        boolean operator = context.operatorTransfer();
        String key = (operator ? "operator:" : "") + account.key();
        java.util.Optional<java.time.Instant> deadline = context.deadline();
        if (deadline.isPresent()) {
            // Work that must answer by a time (an estimate): a connection of its own whose connect and every read end
            // by then, closed after use rather than pooled with the longer timeouts of transfers.
            java.time.Duration connectTimeout = TransferContext.timeoutBefore(settings.connectTimeout(), deadline, account.describe());
            java.time.Duration readTimeout = TransferContext.timeoutBefore(settings.readTimeout(), deadline, account.describe());
            Lease lease = new Lease(account, key, connect(account, operator ? operatorSockets : sockets, connectTimeout, readTimeout), null);
            lease.discard();
            return lease;
        }
        long now = System.nanoTime();
        while (true) {
            Idle candidate;
            synchronized (idle) {
                Deque<Idle> stores = idle.get(key);
                candidate = stores == null ? null : stores.pollFirst();
            }
            if (candidate == null) {
                break;
            }
            // isConnected() sends a NOOP: a server that dropped a connection unused for a while is noticed here.
            long unused = now - candidate.since();
            if (unused < settings.idleLifetime().toNanos() && (unused < CHECK_AFTER_IDLE_NANOS || candidate.store().isConnected())) {
                return new Lease(account, key, candidate.store(), candidate.open());
            }
            closeQuietly(candidate.store());
        }
        return new Lease(account, key, connect(account, operator ? operatorSockets : sockets, settings.connectTimeout(),
                settings.readTimeout()), null);
    }

    private IMAPStore connect(ImapAccount account, Sockets checked, java.time.Duration connectTimeout,
                              java.time.Duration readTimeout) throws AdapterException {
        // Angus Mail is embedded in this bundle, so only this bundle's class loader sees it. jakarta.mail's Session
        // finds its StreamProvider with ServiceLoader, trying the thread context class loader first: in Karaf that is
        // whatever the calling thread carries (another bundle's loader, which may see a different jakarta.mail, or
        // none), so the TCCL is set to this bundle's loader, which sees the embedded copy and the
        // META-INF/services/jakarta.mail.util.StreamProvider that bnd copies in. The store is constructed directly
        // (IMAPStore / IMAPSSLStore) instead of session.getStore("imaps"), so no provider needs to be found by
        // protocol name (META-INF/javamail.providers) at all.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(ImapConnector.class.getClassLoader());
        IMAPStore store = null;
        try {
            boolean tls = account.security() == ImapAccount.Security.TLS;
            String protocol = tls ? "imaps" : "imap";
            Session session = Session.getInstance(sessionProperties(protocol, account.security(), checked, connectTimeout, readTimeout));
            URLName url = new URLName(protocol, account.host(), account.port(), null, account.username(), null);
            store = tls ? new IMAPSSLStore(session, url) : new IMAPStore(session, url);
            store.connect(account.host(), account.port(), account.username(), account.password());
            return store;
        } catch (MessagingException e) {
            closeQuietly(store);
            throw ImapFailures.of("cannot log in as " + account.describe(), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private Properties sessionProperties(String protocol, ImapAccount.Security security, Sockets checked,
                                         java.time.Duration connectTimeout, java.time.Duration readTimeout) {
        String p = "mail." + protocol + ".";
        Properties props = new Properties();
        props.setProperty(p + "connectiontimeout", String.valueOf(Math.max(1, connectTimeout.toMillis())));
        props.setProperty(p + "timeout", String.valueOf(Math.max(1, readTimeout.toMillis())));
        // Messages stream in blocks of partial FETCHes (never whole in memory), read with BODY.PEEK (no \Seen set).
        props.setProperty(p + "partialfetch", "true");
        props.setProperty(p + "fetchsize", String.valueOf(settings.fetchBlockSize()));
        props.setProperty(p + "peek", "true");
        props.setProperty(p + "ssl.checkserveridentity", "true");
        // Angus's own RFC 2818 check of the certificate's names: its default uses sun.security.util, which a bundle cannot import.
        props.setProperty(p + "ssl.hostnameverifier.class", "legacy");
        props.setProperty(p + "ssl.protocols", "TLSv1.3 TLSv1.2");
        if (security == ImapAccount.Security.STARTTLS) {
            props.setProperty(p + "starttls.enable", "true");
            // Required, not opportunistic: no login over a connection the server would not upgrade.
            props.setProperty(p + "starttls.required", "true");
        }
        // A socket factory that fails (an address refused) is an error, not a reason to try again with a plain socket.
        props.setProperty(p + "socketFactory.fallback", "false");
        // Angus makes an unconnected socket with the factory and connects it to the InetSocketAddress it resolved: the
        // checked sockets connect there only if that address is allowed. For IMAPS the socket is TLS itself (Angus
        // layers nothing more); for STARTTLS the plain socket is upgraded with the trust store's factory.
        if (security == ImapAccount.Security.TLS) {
            props.put(p + "ssl.socketFactory", checked.tls());
        } else {
            props.put(p + "socketFactory", checked.plain());
            if (socketFactory != null && security == ImapAccount.Security.STARTTLS) {
                props.put(p + "ssl.socketFactory", socketFactory);
            }
        }
        return props;
    }

    private static SSLSocketFactory socketFactory(ImapSettings settings) {
        return TrustStores.sslContext(settings.trustStore(), settings.trustStoreType(),
                settings.trustStorePassword().toCharArray()).getSocketFactory();
    }

    /** The destination id an import with this key produced earlier in this run, or null. */
    String importedBefore(UUID jobId, String idempotencyKey) {
        synchronized (imported) {
            return imported.get(jobId + "|" + idempotencyKey);
        }
    }

    /** Whether a message at the destination was appended in this run for another idempotency key of the job. */
    boolean appendedForOtherKey(UUID jobId, String idempotencyKey, String destinationId) {
        String prefix = jobId + "|";
        synchronized (imported) {
            for (Map.Entry<String, String> e : imported.entrySet()) {
                if (e.getValue().equals(destinationId) && e.getKey().startsWith(prefix) && !e.getKey().equals(prefix + idempotencyKey)) {
                    return true;
                }
            }
            return false;
        }
    }

    void rememberImport(UUID jobId, String idempotencyKey, String destinationId) {
        synchronized (imported) {
            imported.put(jobId + "|" + idempotencyKey, destinationId);
        }
    }

    @Deactivate
    void close() {
        List<IMAPStore> all = new ArrayList<>();
        synchronized (idle) {
            closed = true;
            idle.values().forEach(d -> d.forEach(i -> all.add(i.store())));
            idle.clear();
        }
        all.forEach(ImapConnector::closeQuietly);
    }

    private void giveBack(String key, IMAPStore store, IMAPFolder open) {
        synchronized (idle) {
            Deque<Idle> stores = idle.computeIfAbsent(key, k -> new ArrayDeque<>());
            if (!closed && stores.size() < settings.maxIdleConnections()) {
                stores.addFirst(new Idle(store, open, System.nanoTime()));
                return;
            }
        }
        closeQuietly(store);
    }

    static void closeQuietly(IMAPStore store) {
        if (store == null) {
            return;
        }
        try {
            store.close();
        } catch (MessagingException | RuntimeException e) {
            LOG.debug("closing an IMAP connection failed: {}", e.getMessage());
        }
    }

    /**
     * A connection lent to one caller. Closing it gives it back for the next page or message, with the folder it has
     * open; after a failure the caller calls {@link #discard()} first, so that a connection in an unknown state is
     * closed rather than reused.
     */
    final class Lease implements AutoCloseable {
        private final ImapAccount account;
        private final String key;
        private final IMAPStore store;
        private IMAPFolder open;
        private boolean discarded;
        private boolean returned;

        private Lease(ImapAccount account, String key, IMAPStore store, IMAPFolder open) {
            this.account = account;
            this.key = key;
            this.store = store;
            this.open = open;
        }

        /**
         * The folder opened in {@code mode} (EXAMINE for READ_ONLY, SELECT for READ_WRITE): the one this connection
         * already has open if it is that folder in that mode (no command sent, and the UIDs it fetched are known), else
         * the open one is closed (never expunged) and this one opened. The folder stays open after the lease closes.
         */
        IMAPFolder open(String name, int mode) throws MessagingException {
            if (open != null && open.isOpen() && open.getMode() == mode && open.getFullName().equals(name)) {
                return open;
            }
            return openAfresh(name, mode, null);
        }

        /**
         * The folder opened in {@code mode} by a new EXAMINE or SELECT (with {@code resync}, e.g.
         * {@link org.eclipse.angus.mail.imap.ResyncData#CONDSTORE}; null for none), even if this connection has it open already: what the server
         * says on opening (UIDNEXT, HIGHESTMODSEQ) is then as of now. The folder open before is closed (never expunged).
         */
        IMAPFolder openAfresh(String name, int mode, org.eclipse.angus.mail.imap.ResyncData resync) throws MessagingException {
            if (open != null && open.isOpen()) {
                open.close(false); // false: never EXPUNGE
            }
            open = null;
            IMAPFolder folder = (IMAPFolder) store.getFolder(name);
            folder.open(mode, resync);
            open = folder;
            return folder;
        }

        IMAPStore store() {
            return store;
        }

        ImapAccount account() {
            return account;
        }

        void discard() {
            discarded = true;
        }

        @Override
        public void close() {
            if (returned) {
                return;
            }
            returned = true;
            if (discarded) {
                closeQuietly(store);
            } else {
                giveBack(key, store, open);
            }
        }
    }
}
