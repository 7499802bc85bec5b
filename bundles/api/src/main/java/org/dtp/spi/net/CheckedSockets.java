package org.dtp.spi.net;

import org.dtp.spi.InvalidEndpointException;

import javax.net.SocketFactory;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.List;
import java.util.Objects;

/**
 * Socket factories whose sockets connect only where {@link OutboundAddresses} allows: {@code connect} checks the
 * address it is given, already resolved (an {@link InetSocketAddress} made from a name resolves it once), and
 * connects to that very address, so a name that resolves differently a moment later (DNS rebinding) changes nothing.
 * An unresolved address is resolved through {@link OutboundAddresses#resolve} and the first address returned is
 * connected. A refused address fails the connect with an {@link AddressRefusedException} before any packet is sent.
 * For libraries that take a factory and call {@code createSocket()} and then {@code connect} (Angus Mail).
 */
public final class CheckedSockets {
    private CheckedSockets() {
    }

    /** Plain TCP sockets, checked. */
    public static SocketFactory plain(OutboundAddresses outbound) {
        return new Factory(Objects.requireNonNull(outbound, "outbound"), null);
    }

    /**
     * Sockets that connect as {@link #plain} does and then speak TLS from the first byte through {@code tls} (its
     * trust), with the host name the connect was given for SNI and the certificate's check. The sockets are
     * {@link SSLSocket}s, so a library does not layer TLS once more.
     */
    public static SocketFactory tls(OutboundAddresses outbound, SSLSocketFactory tls) {
        return new Factory(Objects.requireNonNull(outbound, "outbound"), Objects.requireNonNull(tls, "tls"));
    }

    /** The address to connect to for {@code endpoint}, checked; resolved through {@code outbound} if it is not yet. */
    static InetSocketAddress checked(OutboundAddresses outbound, SocketAddress endpoint) throws IOException {
        if (!(endpoint instanceof InetSocketAddress inet)) {
            throw new SocketException("only internet addresses are connected to, not " + endpoint);
        }
        String host = inet.getHostString();
        try {
            if (inet.isUnresolved()) {
                List<InetAddress> addresses = outbound.resolve(host);
                return new InetSocketAddress(addresses.get(0), inet.getPort());
            }
            outbound.check(host, inet.getAddress());
            return inet;
        } catch (InvalidEndpointException e) {
            throw new AddressRefusedException(e);
        }
    }

    private static final class Factory extends SocketFactory {
        private final OutboundAddresses outbound;
        private final SSLSocketFactory tls;

        Factory(OutboundAddresses outbound, SSLSocketFactory tls) {
            this.outbound = outbound;
            this.tls = tls;
        }

        @Override
        public Socket createSocket() {
            return tls == null ? new CheckedSocket(outbound) : new CheckedTlsSocket(outbound, tls);
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            Socket s = createSocket();
            s.connect(InetSocketAddress.createUnresolved(host, port));
            return s;
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            Socket s = createSocket();
            s.bind(new InetSocketAddress(localHost, localPort));
            s.connect(InetSocketAddress.createUnresolved(host, port));
            return s;
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            Socket s = createSocket();
            s.connect(new InetSocketAddress(host, port));
            return s;
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
            Socket s = createSocket();
            s.bind(new InetSocketAddress(localAddress, localPort));
            s.connect(new InetSocketAddress(address, port));
            return s;
        }

        @Override
        public String toString() {
            return tls == null ? "checked sockets" : "checked TLS sockets";
        }
    }

    private static final class CheckedSocket extends Socket {
        private final OutboundAddresses outbound;

        CheckedSocket(OutboundAddresses outbound) {
            this.outbound = outbound;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            super.connect(checked(outbound, endpoint), timeout);
        }
    }

    /**
     * An {@link SSLSocket} that is a plain socket until it connects (to a checked address), then TLS over that
     * connection; everything after the connect goes to the TLS socket.
     */
    private static final class CheckedTlsSocket extends SSLSocket {
        private final OutboundAddresses outbound;
        private final SSLSocketFactory factory;
        private final Socket raw;
        private SSLSocket tls;

        CheckedTlsSocket(OutboundAddresses outbound, SSLSocketFactory factory) {
            this.outbound = outbound;
            this.factory = factory;
            this.raw = new Socket();
        }

        private SSLSocket tls() throws SocketException {
            if (tls == null) {
                throw new SocketException("not connected");
            }
            return tls;
        }

        private Socket current() {
            return tls == null ? raw : tls;
        }

        @Override
        public void connect(SocketAddress endpoint) throws IOException {
            connect(endpoint, 0);
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            InetSocketAddress address = checked(outbound, endpoint);
            raw.connect(address, timeout);
            String host = endpoint instanceof InetSocketAddress inet ? inet.getHostString() : address.getHostString();
            tls = (SSLSocket) factory.createSocket(raw, host, address.getPort(), true);
        }

        @Override
        public void bind(SocketAddress bindpoint) throws IOException {
            raw.bind(bindpoint);
        }

        @Override
        public InputStream getInputStream() throws IOException {
            return tls().getInputStream();
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            return tls().getOutputStream();
        }

        @Override
        public synchronized void close() throws IOException {
            try {
                if (tls != null) {
                    tls.close();
                }
            } finally {
                raw.close();
            }
        }

        @Override
        public boolean isConnected() {
            return raw.isConnected();
        }

        @Override
        public boolean isBound() {
            return raw.isBound();
        }

        @Override
        public boolean isClosed() {
            return current().isClosed();
        }

        @Override
        public InetAddress getInetAddress() {
            return raw.getInetAddress();
        }

        @Override
        public InetAddress getLocalAddress() {
            return raw.getLocalAddress();
        }

        @Override
        public int getPort() {
            return raw.getPort();
        }

        @Override
        public int getLocalPort() {
            return raw.getLocalPort();
        }

        @Override
        public SocketAddress getRemoteSocketAddress() {
            return raw.getRemoteSocketAddress();
        }

        @Override
        public SocketAddress getLocalSocketAddress() {
            return raw.getLocalSocketAddress();
        }

        @Override
        public synchronized void setSoTimeout(int timeout) throws SocketException {
            current().setSoTimeout(timeout);
        }

        @Override
        public synchronized int getSoTimeout() throws SocketException {
            return current().getSoTimeout();
        }

        @Override
        public void setTcpNoDelay(boolean on) throws SocketException {
            current().setTcpNoDelay(on);
        }

        @Override
        public boolean getTcpNoDelay() throws SocketException {
            return current().getTcpNoDelay();
        }

        @Override
        public void setKeepAlive(boolean on) throws SocketException {
            current().setKeepAlive(on);
        }

        @Override
        public boolean getKeepAlive() throws SocketException {
            return current().getKeepAlive();
        }

        @Override
        public void setSoLinger(boolean on, int linger) throws SocketException {
            current().setSoLinger(on, linger);
        }

        @Override
        public int getSoLinger() throws SocketException {
            return current().getSoLinger();
        }

        @Override
        public synchronized void setReceiveBufferSize(int size) throws SocketException {
            current().setReceiveBufferSize(size);
        }

        @Override
        public synchronized int getReceiveBufferSize() throws SocketException {
            return current().getReceiveBufferSize();
        }

        @Override
        public synchronized void setSendBufferSize(int size) throws SocketException {
            current().setSendBufferSize(size);
        }

        @Override
        public synchronized int getSendBufferSize() throws SocketException {
            return current().getSendBufferSize();
        }

        @Override
        public void shutdownInput() throws IOException {
            current().shutdownInput();
        }

        @Override
        public void shutdownOutput() throws IOException {
            current().shutdownOutput();
        }

        @Override
        public boolean isInputShutdown() {
            return current().isInputShutdown();
        }

        @Override
        public boolean isOutputShutdown() {
            return current().isOutputShutdown();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return tls == null ? factory.getSupportedCipherSuites() : tls.getSupportedCipherSuites();
        }

        @Override
        public String[] getEnabledCipherSuites() {
            return tls == null ? factory.getDefaultCipherSuites() : tls.getEnabledCipherSuites();
        }

        @Override
        public void setEnabledCipherSuites(String[] suites) {
            tlsOrFail().setEnabledCipherSuites(suites);
        }

        @Override
        public String[] getSupportedProtocols() {
            return tlsOrFail().getSupportedProtocols();
        }

        @Override
        public String[] getEnabledProtocols() {
            return tlsOrFail().getEnabledProtocols();
        }

        @Override
        public void setEnabledProtocols(String[] protocols) {
            tlsOrFail().setEnabledProtocols(protocols);
        }

        @Override
        public SSLSession getSession() {
            return tlsOrFail().getSession();
        }

        @Override
        public SSLSession getHandshakeSession() {
            return tlsOrFail().getHandshakeSession();
        }

        @Override
        public SSLParameters getSSLParameters() {
            return tlsOrFail().getSSLParameters();
        }

        @Override
        public void setSSLParameters(SSLParameters params) {
            tlsOrFail().setSSLParameters(params);
        }

        @Override
        public String getApplicationProtocol() {
            return tlsOrFail().getApplicationProtocol();
        }

        @Override
        public String getHandshakeApplicationProtocol() {
            return tlsOrFail().getHandshakeApplicationProtocol();
        }

        @Override
        public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
            tlsOrFail().addHandshakeCompletedListener(listener);
        }

        @Override
        public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
            tlsOrFail().removeHandshakeCompletedListener(listener);
        }

        @Override
        public void startHandshake() throws IOException {
            tls().startHandshake();
        }

        @Override
        public void setUseClientMode(boolean mode) {
            tlsOrFail().setUseClientMode(mode);
        }

        @Override
        public boolean getUseClientMode() {
            return tls == null || tls.getUseClientMode();
        }

        @Override
        public void setNeedClientAuth(boolean need) {
            tlsOrFail().setNeedClientAuth(need);
        }

        @Override
        public boolean getNeedClientAuth() {
            return tls != null && tls.getNeedClientAuth();
        }

        @Override
        public void setWantClientAuth(boolean want) {
            tlsOrFail().setWantClientAuth(want);
        }

        @Override
        public boolean getWantClientAuth() {
            return tls != null && tls.getWantClientAuth();
        }

        @Override
        public void setEnableSessionCreation(boolean flag) {
            tlsOrFail().setEnableSessionCreation(flag);
        }

        @Override
        public boolean getEnableSessionCreation() {
            return tls == null || tls.getEnableSessionCreation();
        }

        private SSLSocket tlsOrFail() {
            if (tls == null) {
                throw new IllegalStateException("TLS settings are made after the socket connected");
            }
            return tls;
        }

        @Override
        public String toString() {
            return "checked " + current();
        }
    }
}
