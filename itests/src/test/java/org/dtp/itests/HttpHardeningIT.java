package org.dtp.itests;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The HTTP service of the whole server (bin/start, its etc/jetty.xml and bin/setenv) under the attacks of the
 * security review (issue 18): request bodies sent a byte at a time, bodies cut short, a forged Host header, a
 * cross-site form, and files on disk that other local users could read.
 */
public class HttpHardeningIT {
    private static final String OPERATOR = "Basic " + Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.UTF_8));
    private static ServerProcess server;

    @BeforeClass
    public static void startServer() throws Exception {
        Path work = Paths.get(System.getProperty("dtp.work"), "http-" + System.nanoTime()).toAbsolutePath();
        server = new ServerProcess(Paths.get(System.getProperty("dtp.distribution")), work.resolve("server"));
        server.start();
        // The JAX-RS application is published again as its extensions arrive: wait until it has stood for a while.
        for (int stable = 0; stable < 3; ) {
            stable = server.rest.get("/me").status() == 200 ? stable + 1 : 0;
            Thread.sleep(1000);
        }
    }

    @AfterClass
    public static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    /** Sends {@code head} (and {@code body}) on a new connection to the server. */
    private static Socket send(String head, String body) throws IOException {
        return send(InetAddress.getLoopbackAddress(), head, body);
    }

    /** Sends {@code head} (and {@code body}) on a new connection to the server from the client address {@code from}. */
    private static Socket send(InetAddress from, String head, String body) throws IOException {
        Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), server.httpPort, from, 0);
        socket.getOutputStream().write((head + "\r\n" + body).getBytes(StandardCharsets.UTF_8));
        socket.getOutputStream().flush();
        return socket;
    }

    /** What the server answered on {@code socket} within {@code timeout}: its status line and headers, "closed" or "none". */
    private static String answer(Socket socket, Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        try {
            int b;
            while ((b = in.read()) != -1) {
                head.append((char) b);
                if (head.toString().endsWith("\r\n\r\n")) {
                    return head.toString();
                }
            }
            return head.length() == 0 ? "closed" : head.toString();
        } catch (SocketTimeoutException e) {
            return head.length() == 0 ? "none" : head.toString();
        } catch (IOException e) {
            return "closed";
        }
    }

    private static String status(String answer) {
        return answer.startsWith("HTTP/1.1 ") ? answer.substring(9, 12) : answer;
    }

    @Test
    public void bodiesSentAByteAtATimeNeitherStopTheServiceNorEndIn500s() throws Exception {
        // The attacker at 127.0.0.2, everybody else at 127.0.0.1 (both loopback, the server listens on 127.0.0.1).
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        List<Socket> stalled = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            String credentials = i % 2 == 0 ? "Authorization: " + OPERATOR + "\r\n" : "";
            stalled.add(send(attacker, "POST /api/v1/transfers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n" + credentials, "{"));
        }
        Thread trickle = new Thread(() -> {
            for (int round = 0; round < 15 && !Thread.currentThread().isInterrupted(); round++) {
                for (Socket socket : stalled) {
                    try {
                        OutputStream out = socket.getOutputStream();
                        out.write(' ');
                        out.flush();
                    } catch (IOException e) {
                        // answered and closed already
                    }
                }
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        trickle.start();
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            long started = System.nanoTime();
            HttpResponse<String> openapi = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort
                    + "/api/v1/openapi.json")).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, openapi.statusCode());
            assertTrue("answered while 250 bodies trickle in", System.nanoTime() - started < Duration.ofSeconds(10).toNanos());

            Map<String, Integer> statuses = new TreeMap<>();
            for (Socket socket : stalled) {
                statuses.merge(status(answer(socket, Duration.ofSeconds(20))), 1, Integer::sum);
            }
            // Beyond the per-address limit: 429 at once; the others: 408 once their data rate is too low.
            assertEquals(statuses.toString(), 250, statuses.getOrDefault("408", 0) + statuses.getOrDefault("429", 0)
                    + statuses.getOrDefault("closed", 0));
            assertTrue(statuses.toString(), statuses.getOrDefault("408", 0) > 0);
            assertTrue("the address's limit answered the rest at once: " + statuses, statuses.getOrDefault("429", 0) > 0);
        } finally {
            trickle.interrupt();
            for (Socket socket : stalled) {
                socket.close();
            }
        }
        String log = Files.readString(server.home.resolve("data/log/karaf.log"));
        assertFalse("no stack trace for a client's slow body", log.contains("BadMessageException"));
        assertFalse("no 500 for a client's slow body", log.contains("REST request failed with 500"));
    }

    @Test
    public void aBodyCutShortIsA4xxAtOnce() throws Exception {
        try (Socket socket = send("POST /api/v1/transfers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\nAuthorization: " + OPERATOR + "\r\n", "{\"vertica")) {
            socket.shutdownOutput();
            long started = System.nanoTime();
            String answer = answer(socket, Duration.ofSeconds(10));

            // 400, or 408 when the container's data rate check sees the early end first: a client error either way.
            assertTrue(answer, status(answer).equals("400") || status(answer).equals("408"));
            assertTrue(answer, System.nanoTime() - started < Duration.ofSeconds(5).toNanos());
        }
    }

    @Test
    public void theLocationOfANewTokenDoesNotComeFromTheHostHeader() throws Exception {
        String body = "{\"user\":\"hosty\",\"email\":\"hosty@example.org\"}";
        try (Socket socket = send("POST /api/v1/tokens HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length() + "\r\nAuthorization: " + OPERATOR + "\r\nConnection: close\r\n", body)) {
            String answer = answer(socket, Duration.ofSeconds(20));

            assertEquals(answer, "201", status(answer));
            assertTrue(answer, answer.contains("Location: /api/v1/tokens/"));
            assertFalse(answer, answer.contains("evil.example"));
        }
    }

    @Test
    public void aCrossSiteFormPostWithTheOperatorsBasicCredentialsIsRefused() throws Exception {
        try (Socket socket = send("POST /api/v1/transfers/" + UUID.randomUUID() + "/resume HTTP/1.1\r\nHost: 127.0.0.1:" + server.httpPort
                + "\r\nOrigin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n"
                + "Authorization: " + OPERATOR + "\r\nConnection: close\r\n", "")) {
            String answer = answer(socket, Duration.ofSeconds(20));

            assertEquals("refused before the transfer is even looked up: " + answer, "403", status(answer));
        }
    }

    @Test
    public void theJobStoreAndTheUsersFileAreReadableByTheServersUserOnly() throws Exception {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(server.home.resolve("etc/users.properties"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(server.home.resolve("data/dtp"))));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(server.home.resolve("data/dtp/jobstore.mv.db"))));
    }
}
