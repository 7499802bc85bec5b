package org.dtp.adapters.imap;

import jakarta.mail.Flags;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Copies 1,000 small mails in 8 folders from one account of a throw-away Dovecot to another with the real engine, and
 * prints the time, the IMAP commands the server finished per message (by name) and the CPU time the Dovecot
 * processes spent. A measurement, not a test: run it with the environment start-dovecot.sh prints (see README).
 */
public final class ImapBenchmark {
    private static final int FOLDERS = 8;
    private static final int PER_FOLDER = 125;

    private ImapBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String conf = env("CONF");
        ImapSettings settings = GreenMailServer.settings()
                .withTrustStore(DovecotRoundTripTest.trustStoreWith(Path.of(env("CERT"))), "changeit");
        TransferEndpoint from = endpoint(env("USER"));
        TransferEndpoint to = endpoint(env("USER2"));
        Map<String, List<String>> source;
        try (Mailbox a = new Mailbox(from, settings); Mailbox b = new Mailbox(to, settings)) {
            a.clear();
            b.clear();
            fill(a);
            source = MailTransfers.contents(a);
        }
        // The copy, then the same transfer again as a new job: every message is recognised at the destination.
        run("copy", settings, conf, from, to, source);
        run("again", settings, conf, from, to, source);
    }

    private static void run(String what, ImapSettings settings, String conf, TransferEndpoint from, TransferEndpoint to,
                            Map<String, List<String>> source) throws Exception {
        int messages = FOLDERS * PER_FOLDER;
        Map<String, Long> commandsBefore = commands(conf);
        long cpuBefore = dovecotCpuTicks(conf);
        long start = System.nanoTime();
        TransferJob job;
        try (MailTransfers transfers = new MailTransfers(settings)) {
            job = transfers.run(from, to);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = (dovecotCpuTicks(conf) - cpuBefore) / 100.0; // USER_HZ, 100 on Linux
        Map<String, Long> commandsAfter = commands(conf);
        boolean identical;
        try (Mailbox b = new Mailbox(to, settings)) {
            Map<String, List<String>> copied = MailTransfers.contents(b);
            copied.keySet().retainAll(source.keySet());
            identical = job.state() == JobState.COMPLETED && source.equals(copied);
        }
        Map<String, Long> used = new TreeMap<>();
        commandsAfter.forEach((name, n) -> {
            long d = n - commandsBefore.getOrDefault(name, 0L);
            if (d > 0) {
                used.put(name, d);
            }
        });
        long total = used.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf("IMAP %s, %d messages in %d folders, Dovecot -> Dovecot: %.2f s, %s; %d IMAP commands (%.2f per message) "
                        + "%s; Dovecot CPU %.2f s%n", what, messages, FOLDERS, seconds,
                identical ? "copies identical" : "COPIES DIFFER (" + job + ")", total, (double) total / messages, used, cpu);
    }

    private static void fill(Mailbox box) throws Exception {
        Instant day = Instant.parse("2024-03-01T08:00:00Z");
        for (int f = 0; f < FOLDERS; f++) {
            String folder = "bench-" + f;
            box.create(folder);
            for (int i = 0; i < PER_FOLDER; i++) {
                String text = "From: Ann <ann@example.org>\r\nTo: Bob <bob@example.org>\r\nSubject: bench " + f + "/" + i
                        + "\r\nDate: Fri, 01 Mar 2024 08:00:00 +0000\r\nMessage-ID: <bench-" + f + "-" + i + "@example.org>\r\n\r\n"
                        + "Line of the message body, to give it the size of a short mail.\r\n".repeat(30);
                box.append(folder, text.getBytes(StandardCharsets.US_ASCII), i % 2 == 0 ? new Flags(Flags.Flag.SEEN) : new Flags(),
                        day.plusSeconds(60L * i));
            }
        }
    }

    private static TransferEndpoint endpoint(String user) {
        return new TransferEndpoint("imap", Map.of(ImapAccount.HOST, env("HOST"), ImapAccount.PORT, env("PORT"),
                ImapAccount.SECURITY, "starttls", ImapAccount.USERNAME, user, ImapAccount.PASSWORD, env("PASSWORD")));
    }

    private static String env(String name) {
        String value = System.getenv("DTP_TEST_DOVECOT_" + name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("DTP_TEST_DOVECOT_" + name + " is not set: start Dovecot with src/test/dovecot/start-dovecot.sh");
        }
        return value;
    }

    /** The IMAP commands Dovecot finished so far, by name (its imap_command metric). */
    private static Map<String, Long> commands(String conf) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("doveadm", "-c", conf, "stats", "dump").redirectErrorStream(true).start();
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

    /**
     * CPU ticks of the Dovecot instance: its master's own and its reaped children's (utime, stime, cutime, cstime),
     * plus the live children's (utime, stime).
     */
    private static long dovecotCpuTicks(String conf) throws IOException {
        long master = Long.parseLong(Files.readString(Path.of(conf).resolveSibling("run").resolve("master.pid")).trim());
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
        return ticks;
    }
}
