package org.dtp.adapters.imap;

import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The throw-away Dovecot that src/test/dovecot/start-dovecot.sh starts, as the benchmarks see it: its two accounts, the
 * IMAP commands it finished and the CPU time its processes spent.
 */
final class ThrowAwayDovecot {
    private ThrowAwayDovecot() {
    }

    static String env(String name) {
        String value = System.getenv("DTP_TEST_DOVECOT_" + name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("DTP_TEST_DOVECOT_" + name + " is not set: start Dovecot with src/test/dovecot/start-dovecot.sh");
        }
        return value;
    }

    static TransferEndpoint endpoint(String user) {
        return new TransferEndpoint("imap", Map.of(ImapAccount.HOST, env("HOST"), ImapAccount.PORT, env("PORT"),
                ImapAccount.SECURITY, "starttls", ImapAccount.USERNAME, user, ImapAccount.PASSWORD, env("PASSWORD")));
    }

    static ImapSettings settings() throws Exception {
        return GreenMailServer.settings().withTrustStore(DovecotRoundTripTest.trustStoreWith(Path.of(env("CERT"))), "changeit");
    }

    /** The IMAP commands Dovecot finished so far, by name (its imap_command metric). */
    static Map<String, Long> commands() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("doveadm", "-c", env("CONF"), "stats", "dump").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        Map<String, Long> counts = new TreeMap<>();
        for (String line : out.split("\n")) {
            String[] cols = line.split("\t");
            if (cols.length > 2 && cols[0].startsWith("imap_command_") && cols[1].equals("duration")) {
                counts.put(cols[0].substring("imap_command_".length()), Long.parseLong(cols[2]));
            }
        }
        return counts;
    }

    /** The commands finished between two {@link #commands()} readings, by name (those used only). */
    static Map<String, Long> commandsBetween(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> used = new TreeMap<>();
        after.forEach((name, n) -> {
            long d = n - before.getOrDefault(name, 0L);
            if (d > 0) {
                used.put(name, d);
            }
        });
        return used;
    }

    /**
     * CPU seconds of the Dovecot instance so far: its master's own and its reaped children's (utime, stime, cutime,
     * cstime), plus the live children's (utime, stime). USER_HZ is 100 on Linux.
     */
    static double cpuSeconds() throws IOException {
        long master = Long.parseLong(Files.readString(Path.of(env("CONF")).resolveSibling("run").resolve("master.pid")).trim());
        long ticks = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) procs::iterator) {
                if (!proc.getFileName().toString().chars().allMatch(Character::isDigit)) {
                    continue; // self, sys, ...
                }
                String[] stat;
                try {
                    String s = Files.readString(proc.resolve("stat"));
                    stat = s.substring(s.lastIndexOf(')') + 2).split(" ");
                } catch (IOException | RuntimeException e) {
                    continue; // not a process, or gone
                }
                long pid = Long.parseLong(proc.getFileName().toString());
                // After ")": state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
                if (pid == master) {
                    ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]) + Long.parseLong(stat[13]) + Long.parseLong(stat[14]);
                } else if (Long.parseLong(stat[1]) == master) {
                    ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
                }
            }
        }
        return ticks / 100.0;
    }
}
