package org.dtp.itests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

final class Ports {
    private Ports() {
    }

    /** A TCP port free on loopback now. */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
