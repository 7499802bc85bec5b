package org.dtp.webdav.testing;

import org.junit.Assert;
import org.junit.rules.ExternalResource;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A CalDAV/CardDAV server run as a process of its own for one test class ({@code @ClassRule}): on a free loopback
 * port with a temporary folder, waited for until it answers HTTP, stopped and its folder deleted after the class.
 * A subclass says how to start it.
 */
public abstract class DavServerProcess extends ExternalResource {
    private final String name;
    private Path folder;
    private Process process;
    private int port;
    private Path log;

    protected DavServerProcess(String name) {
        this.name = name;
    }

    /**
     * The command that starts the server on {@code port} with its files under {@code folder} (written here first, as
     * it needs them); may skip or fail the class (JUnit's {@code Assume}, {@code Assert}) when the server is missing.
     */
    protected abstract List<String> command(Path folder, int port) throws Exception;

    @Override
    protected void before() throws Throwable {
        folder = Files.createTempDirectory("dtp-" + name.toLowerCase() + "-");
        port = freePort();
        List<String> command = command(folder, port);
        log = folder.resolve("server.log");
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!answers()) {
            if (!process.isAlive()) {
                Assert.fail(name + " exited with " + process.exitValue() + ": " + Files.readString(log));
            }
            if (System.nanoTime() > deadline) {
                Assert.fail(name + " did not answer on port " + port + " within 30 s: " + Files.readString(log));
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

    /** The server's temporary folder. */
    protected Path folder() {
        return folder;
    }

    /** What the server logged so far. */
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
