package org.dtp.webdav.testing;


import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Radicale CalDAV/CardDAV server for one test class ({@code @ClassRule}): started as
 * {@code python3 -m radicale} on a free loopback port with a temporary storage folder and plain htpasswd users,
 * waited for, and stopped (its folder deleted) after the class. When Radicale is not installed the tests are
 * skipped with a message that says how to install it, except when {@value #REQUIRE} is {@code 1} (CI): then
 * they fail. The Python interpreter is taken from {@code DTP_RADICALE_PYTHON}, else the first of
 * {@code python3} and {@code /usr/bin/python3} that imports radicale (Debian's package installs it for the
 * system Python, which a pyenv {@code python3} on the PATH does not see).
 */
public final class Radicale extends DavServerProcess {
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

    /** The interpreter that has Radicale, found by {@link #installed()}. */
    private String python;

    public Radicale() {
        super("Radicale", REQUIRE, HOW);
    }

    @Override
    protected boolean installed() {
        python = findPython();
        return python != null;
    }

    @Override
    protected List<String> command(Path folder, int port) throws IOException {
        Files.createDirectories(folder.resolve("storage"));
        Files.writeString(folder.resolve("users"), USER + ":" + PASSWORD + "\n" + OTHER_USER + ":" + OTHER_PASSWORD + "\n");
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
        return List.of(python, "-m", "radicale", "--config", folder.resolve("config").toString());
    }

    /** Where Radicale keeps {@code user}'s collections on disk. */
    public Path storage(String user) {
        return folder().resolve("storage").resolve("collection-root").resolve(user);
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
}
