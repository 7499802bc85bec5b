package org.dtp.webdav.testing;

import java.io.IOException;
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
import java.util.List;

/**
 * A real WebDAV server, Apache httpd with mod_dav and mod_dav_fs (Debian's {@code apache2}), for one test class
 * ({@code @ClassRule}) or a benchmark ({@link #start()}, {@link #close()}): started in the foreground on a free
 * loopback port with a throw-away configuration (Basic auth for one user, the event MPM, keep-alive without a request
 * limit, no limit on a request's body), waited for, and stopped (its folder deleted) afterwards. The files it serves
 * are under {@link #files()}, for tests to check what arrived. Run as root, Apache serves as {@code www-data}, which
 * then owns the files. When Apache is not installed the tests are skipped with a message that says how to install
 * it, except when {@value #REQUIRE} is {@code 1} (CI): then they fail.
 */
public final class ApacheDav extends DavServerProcess {
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

    public ApacheDav() {
        super("Apache", REQUIRE, HOW);
    }

    @Override
    protected boolean installed() {
        return Files.isExecutable(APACHE);
    }

    @Override
    protected List<String> command(Path folder, int port) throws IOException {
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path files = Files.createDirectories(folder.resolve("files"));
        Path locks = Files.createDirectories(folder.resolve("locks"));
        Path users = folder.resolve("users");
        Files.writeString(users, USER + ":{SHA}" + sha1(PASSWORD) + "\n");
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            serveAs("www-data", files, locks);
        }
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
        return List.of(APACHE.toString(), "-f", config.toString(), "-DFOREGROUND");
    }

    /** Where the server keeps what is PUT at {@link #url()}. */
    public Path files() {
        return folder().resolve("files");
    }

    /** The server's error log so far, and what it wrote to its standard output. */
    @Override
    public String log() throws IOException {
        Path errors = folder().resolve("error.log");
        return (Files.exists(errors) ? Files.readString(errors) : "") + super.log();
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

    private static String sha1(String text) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-1", e);
        }
    }
}
