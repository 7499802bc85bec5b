package org.dtp.adapters.imap;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback proxy in front of a plain IMAP port that counts the commands clients send through it, by name (tagged
 * lines "&lt;letters&gt;&lt;n&gt; NAME ...", as Angus tags them; "UID FETCH" counts as UID_FETCH). Message bodies pass through too: the tests' bodies
 * have no line that looks like a tagged command.
 */
final class CommandCounter implements AutoCloseable {
    private static final Pattern COMMAND = Pattern.compile("^[A-Z]+\\d+ (UID [A-Z]+|[A-Z]+)");

    private final ServerSocket server;
    private final Map<String, Integer> counts = new ConcurrentHashMap<>();

    CommandCounter(int imapPort) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket client = server.accept();
                    Socket upstream = new Socket(InetAddress.getLoopbackAddress(), imapPort);
                    pump(upstream.getInputStream(), client.getOutputStream(), false, client, upstream);
                    pump(client.getInputStream(), upstream.getOutputStream(), true, client, upstream);
                } catch (IOException e) {
                    return; // closed
                }
            }
        }, "imap-command-counter");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** The commands sent so far, by name. */
    Map<String, Integer> counts() {
        return new TreeMap<>(counts);
    }

    int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    private void pump(InputStream in, OutputStream out, boolean fromClient, Socket a, Socket b) {
        Thread t = new Thread(() -> {
            StringBuilder line = new StringBuilder();
            byte[] buffer = new byte[16 * 1024];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                    if (fromClient) {
                        for (int i = 0; i < n; i++) {
                            if (buffer[i] == '\n') {
                                count(line.toString());
                                line.setLength(0);
                            } else if (line.length() < 40) {
                                line.append((char) (buffer[i] & 0xff));
                            }
                        }
                    }
                }
            } catch (IOException e) {
                // a side closed
            } finally {
                closeQuietly(a);
                closeQuietly(b);
            }
        }, "imap-command-counter-pump");
        t.setDaemon(true);
        t.start();
    }

    private void count(String line) {
        Matcher m = COMMAND.matcher(line);
        if (m.find()) {
            counts.merge(m.group(1).replace(' ', '_'), 1, Integer::sum);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
