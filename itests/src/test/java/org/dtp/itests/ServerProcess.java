package org.dtp.itests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The dtp distribution unpacked into a folder and run as an operator runs it: bin/start, bin/stop,
 * bin/client, or killed with SIGKILL. Ports are chosen free so tests do not collide.
 */
final class ServerProcess implements AutoCloseable {
    final Path home;
    final int httpPort = Ports.free();
    final int sshPort = Ports.free();
    final Rest rest;

    ServerProcess(Path distribution, Path into) throws Exception {
        Files.createDirectories(into);
        run(List.of("tar", "-xzf", distribution.toString(), "-C", into.toString(), "--strip-components=1"), Duration.ofMinutes(2));
        this.home = into;
        setProperty("etc/org.ops4j.pax.web.cfg", "org.osgi.service.http.port", Integer.toString(httpPort));
        setProperty("etc/org.apache.karaf.shell.cfg", "sshPort", Integer.toString(sshPort));
        setProperty("etc/org.apache.karaf.management.cfg", "rmiRegistryPort", Integer.toString(Ports.free()));
        setProperty("etc/org.apache.karaf.management.cfg", "rmiServerPort", Integer.toString(Ports.free()));
        this.rest = new Rest(httpPort);
    }

    /** The distribution unpacked into {@code into} and started, with the local folder adapter installed. */
    static ServerProcess startedWithLocalFolders(Path into) throws Exception {
        ServerProcess server = new ServerProcess(Path.of(System.getProperty("dtp.distribution")), into);
        try {
            server.start();
            String out = server.client("feature:install dtp-adapter-localfs");
            if (out.contains("Error")) {
                throw new AssertionError(out);
            }
            server.rest.await("/adapters", a -> a.toString().contains("localfs"), Duration.ofSeconds(30));
            return server;
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
    }

    /** Sets {@code key} in the configuration file {@code file} (relative to the home), replacing its old value. */
    void setProperty(String file, String key, String value) throws IOException {
        Path path = home.resolve(file);
        StringBuilder out = new StringBuilder();
        for (String line : Files.exists(path) ? Files.readAllLines(path, StandardCharsets.UTF_8) : List.<String>of()) {
            if (!line.matches("\\s*" + java.util.regex.Pattern.quote(key) + "\\s*=.*")) {
                out.append(line).append('\n');
            }
        }
        out.append(key).append(" = ").append(value).append('\n');
        Files.writeString(path, out);
    }

    void start() throws Exception {
        run(List.of(home.resolve("bin/start").toString()), Duration.ofMinutes(1));
        rest.await("/verticals", body -> true, Duration.ofSeconds(90));
    }

    /** A graceful stop, as bin/stop does it; returns when the JVM is gone. */
    void stop() throws Exception {
        Optional<ProcessHandle> jvm = jvm();
        run(List.of(home.resolve("bin/stop").toString()), Duration.ofMinutes(1));
        jvm.ifPresent(p -> awaitExit(p, Duration.ofSeconds(90)));
    }

    /** SIGKILL, as a crash or an OOM killer would end it. */
    void kill() {
        jvm().ifPresent(p -> {
            p.destroyForcibly();
            awaitExit(p, Duration.ofSeconds(30));
        });
    }

    /** Runs shell commands through bin/client, retrying while the ssh server starts. */
    String client(String commands) throws Exception {
        String last = "";
        for (int attempt = 0; attempt < 30; attempt++) {
            ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/client").toString(), "-u", "admin", "-p", "admin",
                    "-a", Integer.toString(sshPort), "-b").redirectErrorStream(true);
            Process p = pb.start();
            p.getOutputStream().write((commands + "\n").getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            last = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return last;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("bin/client failed: " + last);
    }

    /**
     * Types {@code lines} into an interactive session of bin/client without -b: an ssh shell channel, read line by line
     * by the shell as a person's typing is (so its lines go to the shell's history, and a command that asks for a value
     * reads the next line). bin/client -b runs the text as one command, which no history records.
     */
    String shell(String lines) throws Exception {
        Process p = new ProcessBuilder(home.resolve("bin/client").toString(), "-u", "admin", "-p", "admin",
                "-a", Integer.toString(sshPort)).redirectErrorStream(true).start();
        p.getOutputStream().write(lines.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/client did not end: " + out);
        }
        return out;
    }

    private Optional<ProcessHandle> jvm() {
        try {
            Path pid = home.resolve("karaf.pid");
            if (!Files.exists(pid)) {
                return Optional.empty();
            }
            return ProcessHandle.of(Long.parseLong(Files.readString(pid).strip()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static void awaitExit(ProcessHandle p, Duration timeout) {
        try {
            p.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("process " + p.pid() + " did not exit within " + timeout, e);
        }
    }

    private static void run(List<String> command, Duration timeout) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
            throw new AssertionError(command + " failed: " + new String(output, StandardCharsets.UTF_8));
        }
    }

    @Override
    public void close() {
        kill();
    }
}
