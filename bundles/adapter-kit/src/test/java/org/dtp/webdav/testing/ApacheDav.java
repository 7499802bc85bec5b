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
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real WebDAV server, Apache httpd with mod_dav and mod_dav_fs (Debian's {@code apache2}), for one test class
 * ({@code @ClassRule}) or a benchmark ({@link #start()}, {@link #close()}): started in the foreground on a free
 * loopback port with a throw-away configuration (Basic auth for one user, the event MPM, keep-alive without a request
 * limit, no limit on a request's body), waited for, and stopped (its folder deleted) afterwards. The files it serves
 * are under {@link #files()}, for tests to check what arrived. Run as root, Apache serves as {@code www-data}, which
 * then owns the files. When Apache is not installed the tests are skipped with a message that says how to install
 * it, except when {@value #REQUIRE} is {@code 1} (CI): then they fail.
 */
public final class ApacheDav extends ExternalResource implements AutoCloseable {
    public static final String REQUIRE = "DTP_REQUIRE_APACHE";
    public static final String USER = "alice";
    public static final String PASSWORD = "correct horse battery staple";
    private static final Path APACHE = Path.of("/usr/sbin/apache2");
    private static final Path MODULES = Path.of("/usr/lib/apache2/modules");
    private static final String HOW = "Apache httpd with mod_dav (a WebDAV server) is needed for these tests and was not "
            + "found at " + APACHE + ". Install it with `apt-get install -y apache2` (Debian/Ubuntu, as root; 2.4.71 is "
            + "tested); the tests start it themselves on a free loopback port with a configuration of their own.";
    private static final String[] MODULE_NAMES = {"mpm_event", "authn_core", "authn_file", "authz_core", "authz_user",
            "auth_basic", "dav", "dav_fs"};

    private Path folder;
    private Process process;
    private int port;

    @Override
    protected void before() throws Throwable {
        if (!Files.isExecutable(APACHE)) {
            if ("1".equals(System.getenv(REQUIRE))) {
                Assert.fail(REQUIRE + "=1 but " + HOW);
            }
            Assume.assumeTrue(HOW, false);
        }
        start();
    }

    @Override
    protected void after() {
        close();
    }

    /** Starts the server (Apache must be installed) and waits until it answers. */
    public void start() throws IOException, InterruptedException {
        if (!Files.isExecutable(APACHE)) {
            throw new IllegalStateException(HOW);
        }
        folder = Files.createTempDirectory("dtp-apache-");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path files = Files.createDirectories(folder.resolve("files"));
        Path locks = Files.createDirectories(folder.resolve("locks"));
        Path users = folder.resolve("users");
        Files.writeString(users, USER + ":{SHA}" + sha1(PASSWORD) + "\n");
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            serveAs("www-data", files, locks);
        }
        port = freePort();
        StringBuilder conf = new StringBuilder();
        for (String module : MODULE_NAMES) {
            conf.append("LoadModule ").append(module).append("_module ").append(MODULES.resolve("mod_" + module + ".so")).append('\n');
        }
        conf.append(String.join("\n",
                root ? "User www-data\nGroup www-data" : "",
                "ServerName 127.0.0.1",
                "ServerRoot " + folder,
                "Listen 127.0.0.1:" + port,
                "PidFile " + folder.resolve("httpd.pid"),
                "ErrorLog " + folder.resolve("error.log"),
                "LogLevel warn",
                "KeepAlive On",
                "MaxKeepAliveRequests 0",
                "LimitRequestBody 0",
                "DavLockDB " + locks.resolve("lockdb"),
                "DocumentRoot " + files,
                "<Directory " + files + ">",
                "  Dav On",
                "  AuthType Basic",
                "  AuthName \"dtp test\"",
                "  AuthUserFile " + users,
                "  Require valid-user",
                "</Directory>",
                ""));
        Path config = folder.resolve("httpd.conf");
        Files.writeString(config, conf, StandardCharsets.UTF_8);
        process = new ProcessBuilder(APACHE.toString(), "-f", config.toString(), "-DFOREGROUND")
                .redirectErrorStream(true).redirectOutput(folder.resolve("stdout.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!answers()) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Apache exited with " + process.exitValue() + ": " + logs());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Apache did not answer on port " + port + " within 30 s: " + logs());
            }
            Thread.sleep(100);
        }
    }

    /** Stops the server and deletes its folder. */
    @Override
    public void close() {
        if (process != null) {
            process.destroy(); // SIGTERM: Apache stops its children and exits
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (folder != null) {
            try (Stream<Path> all = Files.walk(folder)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary folder left behind is no test failure
            }
        }
    }

    /** The server's root, e.g. {@code http://127.0.0.1:40123/}, the user's drive. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** Where the server keeps what is PUT at {@link #url()}. */
    public Path files() {
        return folder.resolve("files");
    }

    /** The server's error log so far. */
    public String logs() throws IOException {
        Path log = folder.resolve("error.log");
        return (Files.exists(log) ? Files.readString(log) : "") + Files.readString(folder.resolve("stdout.log"));
    }

    /** Gives {@code dirs} to {@code user}: the server writes there as that user. */
    private static void serveAs(String user, Path... dirs) throws IOException {
        UserPrincipalLookupService lookup = dirs[0].getFileSystem().getUserPrincipalLookupService();
        GroupPrincipal group = lookup.lookupPrincipalByGroupName(user);
        for (Path dir : dirs) {
            PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
            view.setOwner(lookup.lookupPrincipalByName(user));
            view.setGroup(group);
        }
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

    private static String sha1(String text) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-1", e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
