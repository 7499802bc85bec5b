package org.dtp.kit.testing;

import org.junit.rules.ExternalResource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A server on loopback that accepts every connection and then never says or reads a word: what a hung or hostile
 * service looks like to a client, for tests of timeouts and deadlines.
 */
public final class SilentServer extends ExternalResource {
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private ServerSocket server;

    @Override
    protected void before() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    accepted.add(server.accept());
                } catch (IOException e) {
                    return;
                }
            }
        }, "silent-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @Override
    protected void after() {
        try {
            server.close();
            for (Socket s : accepted) {
                s.close();
            }
        } catch (IOException e) {
            // the test is over
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.size();
    }
}
