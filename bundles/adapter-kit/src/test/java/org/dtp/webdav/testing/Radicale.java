package org.dtp.webdav.testing;

import org.junit.Assert;
import org.junit.Assume;
import org.junit.rules.ExternalResource;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Radicale CalDAV/CardDAV server for one test class ({@code @ClassRule}): started as
 * {@code python3 -m radicale} on a free loopback port with a temporary storage folder and plain htpasswd users,
 * waited for, and stopped (its folder deleted) after the class. When Radicale is not installed the tests are
 * skipped with a message that says how to install it, except when {@value #REQUIRE} is {@code 1} (CI): then
 * they fail. The Python interpreter is taken from {@code DTP_RADICALE_PYTHON}, else the first of
 * {@code python3} and {@code /usr/bin/python3} that imports radicale (Debian's package installs it for the
 * system Python, which a pyenv {@code python3} on the PATH does not see).
 */
public final class Radicale extends ExternalResource {
    public static final String REQUIRE = "DTP_REQUIRE_RADICALE";
    /** Where the tests' servers listen: loopback, allowed as an operator would allow a private network. */
    public static final org.dtp.spi.net.OutboundAddresses LOOPBACK =
            new org.dtp.kit.net.OutboundGuard(List.of(), List.of("127.0.0.0/8", "::1"));
    public static final String USER = "alice";
    public static final String PASSWORD = "correct horse battery staple";
    public static final String OTHER_USER = "bob";
    public static final String OTHER_PASSWORD = "tr0ub4dor&3";
    /** A client for the tests' loopback servers. */
    public static org.dtp.webdav.DavClient client() {
        return org.dtp.webdav.DavClient.builder("Radicale").outbound(LOOPBACK).build();
    }

    private static final String HOW = "Radicale (a CalDAV/CardDAV server) is needed for these tests and was not found. "
            + "Install it with `apt-get install -y radicale` (Debian/Ubuntu, as root; Radicale 3.1.8 is tested) or "
            + "`pip install radicale==3.1.8`; the tests start it themselves (python3 -m radicale on a free loopback port). "
            + "Set DTP_RADICALE_PYTHON to the interpreter that has it if it is not python3 or /usr/bin/python3.";

    private Path folder;
    private Process process;
    private int port;
    private Path log;

    @Override
    protected void before() throws Throwable {
        String python = findPython();
        if (python == null) {
            if ("1".equals(System.getenv(REQUIRE))) {
                Assert.fail(REQUIRE + "=1 but " + HOW);
            }
            Assume.assumeTrue(HOW, false);
        }
        folder = Files.createTempDirectory("dtp-radicale-");
        Files.createDirectories(folder.resolve("storage"));
        Files.writeString(folder.resolve("users"), USER + ":" + PASSWORD + "\n" + OTHER_USER + ":" + OTHER_PASSWORD + "\n");
        port = freePort();
        Files.writeString(folder.resolve("config"), String.join("\n",
                "[server]",
                "hosts = 127.0.0.1:" + port,
                "[auth]",
                "type = htpasswd",
                "htpasswd_filename = " + folder.resolve("users"),
                "htpasswd_encryption = plain",
                "delay = 0",
                "[rights]",
                "type = owner_only",
                "[storage]",
                "filesystem_folder = " + folder.resolve("storage"),
                "[logging]",
                "level = warning",
                ""), StandardCharsets.UTF_8);
        log = folder.resolve("radicale.log");
        process = new ProcessBuilder(python, "-m", "radicale", "--config", folder.resolve("config").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!answers()) {
            if (!process.isAlive()) {
                Assert.fail("Radicale exited with " + process.exitValue() + ": " + Files.readString(log));
            }
            if (System.nanoTime() > deadline) {
                Assert.fail("Radicale did not answer on port " + port + " within 30 s: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
    }

    @Override
    protected void after() {
        if (process != null) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (folder != null) {
            try (Stream<Path> files = Files.walk(folder)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary folder left behind is no test failure
            }
        }
    }

    /** The server's root, e.g. {@code http://127.0.0.1:40123/}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** Where Radicale keeps {@code user}'s collections on disk. */
    public Path storage(String user) {
        return folder.resolve("storage").resolve("collection-root").resolve(user);
    }

    /** What Radicale logged so far (warnings and errors). */
    public String log() throws IOException {
        return Files.readString(log);
    }

    private boolean answers() {
        try {
            HttpURLConnection c = (HttpURLConnection) url().toURL().openConnection();
            c.setConnectTimeout(500);
            c.setReadTimeout(2000);
            int status = c.getResponseCode();
            c.disconnect();
            return status > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static String findPython() {
        List<String> candidates = new ArrayList<>();
        String configured = System.getenv("DTP_RADICALE_PYTHON");
        if (configured != null && !configured.isBlank()) {
            candidates.add(configured);
        }
        candidates.add("python3");
        candidates.add("/usr/bin/python3");
        for (String python : candidates) {
            try {
                Process p = new ProcessBuilder(python, "-c", "import radicale").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return python;
                }
                p.destroyForcibly();
            } catch (IOException e) {
                // not this one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
