package org.dtp.webdav.testing;

import org.junit.Assert;
import org.junit.Assume;
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
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A DAV server run as a process of its own for one test class ({@code @ClassRule}) or a benchmark ({@link #start()},
 * {@link #close()}): on a free loopback port with a temporary folder, waited for until it answers HTTP, stopped and
 * its folder deleted afterwards. Not installed, its tests are skipped with a message that says how to install it,
 * but fail where its {@code required} variable is {@code 1} (CI). A subclass says how to start it.
 */
public abstract class DavServerProcess extends ExternalResource implements AutoCloseable {
    private final String name;
    private final String required;
    private final String howToInstall;
    private Path folder;
    private Process process;
    private int port;
    private Path log;

    /**
     * A server called {@code name}; {@code required} is the environment variable that, set to {@code 1}, fails the
     * tests where it is not installed, {@code howToInstall} what they say then.
     */
    protected DavServerProcess(String name, String required, String howToInstall) {
        this.name = name;
        this.required = required;
        this.howToInstall = howToInstall;
    }

    /**
     * The command that starts the server on {@code port} with its files under {@code folder} (written here first, as
     * it needs them). Throws {@link IllegalStateException} saying how to install the server when it is not there.
     */
    protected abstract List<String> command(Path folder, int port) throws Exception;

    /**
     * Whether the server is installed here, asked once before {@link #command}; a class rule skips its tests when not
     * (fails them where its {@code required} variable is {@code 1}: CI).
     */
    protected abstract boolean installed();

    @Override
    protected void before() throws Throwable {
        if (!installed()) {
            if ("1".equals(System.getenv(required))) {
                Assert.fail(required + "=1 but " + howToInstall);
            }
            Assume.assumeTrue(howToInstall, false);
        }
        launch();
    }

    @Override
    protected void after() {
        close();
    }

    /** Starts the server (outside JUnit: a benchmark) and waits until it answers HTTP. */
    public void start() throws Exception {
        if (!installed()) {
            throw new IllegalStateException(howToInstall);
        }
        launch();
    }

    private void launch() throws Exception {
        folder = Files.createTempDirectory("dtp-" + name.toLowerCase(Locale.ROOT) + "-");
        port = freePort();
        List<String> command = command(folder, port);
        log = folder.resolve("server.log");
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!answers()) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ": " + log());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not answer on port " + port + " within 30 s: " + log());
            }
            Thread.sleep(100);
        }
    }

    /** Stops the server (SIGTERM, then SIGKILL after 10 s) and deletes its folder. */
    @Override
    public void close() {
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

    /** What the server wrote to its standard output and error so far. */
    public String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
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
