package org.dtp.adapters.imap;

import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * dtp beside the tools people copy mail with, on the same data and the same throw-away Dovecot, in one run: one
 * account's folders copied to the second account by dtp (the real engine with the IMAP exporter and importer), by
 * mbsync (Debian's isync) and by imapsync, all over STARTTLS. Every round empties the destination, then runs each
 * copier once, in an order rotated from round to round; each copy is checked (every folder of the source, every
 * message's SHA-256, flags and INTERNALDATE), and the time, the IMAP commands Dovecot finished and the CPU time its
 * processes spent are taken around the copier alone. mbsync adds an X-TUID header line to every message it copies;
 * the check leaves that line out, and compares everything else byte for byte. Prints each copier's medians and dtp / peer ratios.
 * A copier that is not installed is left out, saying so. dtp runs once per value of {@code --compress} (its endpoints'
 * {@code compress} setting: "dtp" plain, "dtp+deflate" with COMPRESS=DEFLATE, which the test Dovecot offers); the peers
 * run at their defaults (mbsync 1.4 compresses whenever the server offers it, imapsync only when asked). A measurement,
 * not a test (see README).
 * <p>
 * Arguments: {@code --folders 8 --per-folder 125 --mean-kb 0 --rounds 3 --warmup 1 --peers mbsync,imapsync
 * --compress off,on} ({@code --mean-kb 0}: short text mails of about 2 KB; 5,000 mails of about 1 GB: {@code --per-folder 625
 * --mean-kb 200}); {@code --imapsync PATH} where the imapsync script is.
 */
public final class ImapPeersBenchmark {
    private ImapPeersBenchmark() {
    }

    /** One way of copying the source account to the destination account. */
    private interface Copier {
        String name();

        /** Copies; throws when the copier says it failed. */
        void copy() throws Exception;
    }

    /** A copy's time, Dovecot's CPU and IMAP commands around it (of which COMPRESS: the connections compressed), and its check. */
    private record Measure(double seconds, double cpu, long commands, long compressed, boolean identical) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("folders", "8", "per-folder", "125", "mean-kb", "0",
                "rounds", "3", "warmup", "1", "peers", "mbsync,imapsync", "imapsync", "imapsync", "compress", "off,on"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int folders = Integer.parseInt(options.get("folders"));
        int perFolder = Integer.parseInt(options.get("per-folder"));
        int meanKb = Integer.parseInt(options.get("mean-kb"));
        int rounds = Integer.parseInt(options.get("rounds"));
        int warmup = Integer.parseInt(options.get("warmup"));
        int messages = folders * perFolder;

        ImapSettings settings = ThrowAwayDovecot.settings();
        TransferEndpoint from = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER"));
        TransferEndpoint to = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER2"));
        Map<String, List<String>> source;
        long fillStart = System.nanoTime();
        long bytes;
        try (Mailbox a = new Mailbox(from, settings)) {
            a.clear();
            bytes = BenchmarkMail.fill(a, folders, perFolder, meanKb);
            source = MailTransfers.contents(a);
        }
        System.out.printf("source: %d messages in %d folders, %.1f MB (filled in %.1f s)%n", messages, folders, bytes / 1e6,
                (System.nanoTime() - fillStart) / 1e9);

        Path work = Files.createTempDirectory("imap-peers");
        List<Copier> copiers = new ArrayList<>();
        for (String compress : options.get("compress").split(",")) {
            copiers.add(dtp(compress.trim(), settings, from, to));
        }
        for (String peer : options.get("peers").split(",")) {
            if (peer.equals("mbsync")) {
                addIfInstalled(copiers, "mbsync", work, List.of("mbsync", "-c", mbsyncConfig(work).toString(), "-a", "-q"), "mbsync", "-v");
            } else if (peer.equals("imapsync")) {
                addIfInstalled(copiers, "imapsync", work, imapsyncCommand(options.get("imapsync"), work), options.get("imapsync"), "--version");
            } else if (!peer.isBlank()) {
                throw new IllegalArgumentException("unknown peer " + peer + " (mbsync, imapsync)");
            }
        }

        for (int w = 0; w < warmup; w++) {
            for (Copier copier : copiers) {
                measure(copier, settings, to, source, work);
            }
        }
        Map<String, List<Measure>> measured = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < copiers.size(); k++) {
                Copier copier = copiers.get((round + k) % copiers.size());
                Measure m = measure(copier, settings, to, source, work);
                measured.computeIfAbsent(copier.name(), n -> new ArrayList<>()).add(m);
                System.out.printf("round %d %-11s %7.2f s  Dovecot CPU %6.2f s  %6d IMAP commands (%.2f per message, %d COMPRESS)  %s%n",
                        round + 1, copier.name(), m.seconds(), m.cpu(), m.commands(), (double) m.commands() / messages,
                        m.compressed(), m.identical() ? "copy identical" : "COPY DIFFERS");
            }
        }
        System.out.printf("%nmedians of %d rounds, %d messages in %d folders (%.1f MB), Dovecot -> Dovecot over STARTTLS:%n",
                rounds, messages, folders, bytes / 1e6);
        Map<String, Measure> medians = new LinkedHashMap<>();
        measured.forEach((name, list) -> medians.put(name, new Measure(median(list, Measure::seconds), median(list, Measure::cpu),
                (long) median(list, m -> (double) m.commands()), (long) median(list, m -> (double) m.compressed()),
                list.stream().allMatch(Measure::identical))));
        medians.forEach((name, m) -> System.out.printf("  %-11s %7.2f s  Dovecot CPU %6.2f s  %.2f IMAP commands per message  %s%n",
                name, m.seconds(), m.cpu(), (double) m.commands() / messages, m.identical() ? "every copy identical" : "SOME COPY DIFFERS"));
        medians.forEach((dtpName, dtp) -> {
            if (dtpName.startsWith("dtp")) {
                medians.forEach((name, m) -> {
                    if (!name.startsWith("dtp")) {
                        System.out.printf("  %s / %-9s time %.2f  Dovecot CPU %.2f%n", dtpName, name, dtp.seconds() / m.seconds(),
                                dtp.cpu() / m.cpu());
                    }
                });
            }
        });
        deleteTree(work);
    }

    /** dtp (the real engine with the IMAP exporter and importer) with both endpoints' {@code compress} set to {@code compress}. */
    private static Copier dtp(String compress, ImapSettings settings, TransferEndpoint from, TransferEndpoint to) {
        Map<String, String> setting = Map.of(ImapAccount.COMPRESS, compress);
        String name = ImapAccount.Compression.valueOf(compress.toUpperCase(java.util.Locale.ROOT)).appliesTo(ThrowAwayDovecot.env("HOST"))
                ? "dtp+deflate" : "dtp";
        return new Copier() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void copy() throws Exception {
                TransferJob job;
                try (MailTransfers transfers = new MailTransfers(settings)) {
                    job = transfers.run(from.withSettings(setting), to.withSettings(setting));
                }
                if (job.state() != JobState.COMPLETED) {
                    throw new IllegalStateException(name + "'s transfer ended " + job.state() + ": " + job);
                }
            }
        };
    }

    private static void addIfInstalled(List<Copier> copiers, String name, Path work, List<String> command, String... probe) {
        try {
            Process p = new ProcessBuilder(probe).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor();
        } catch (Exception e) {
            System.out.println(name + " is not installed (" + e.getMessage() + "): left out");
            return;
        }
        copiers.add(new Copier() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void copy() throws Exception {
                Path log = work.resolve(name + ".log");
                Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                int exit = p.waitFor();
                if (exit != 0) {
                    throw new IllegalStateException(name + " exited with " + exit + ": " + Files.readString(log));
                }
            }
        });
    }

    /** One copy into the emptied destination: its time, Dovecot's CPU and commands around it, and the check after it. */
    private static Measure measure(Copier copier, ImapSettings settings, TransferEndpoint to, Map<String, List<String>> source,
                                   Path work) throws Exception {
        try (Mailbox b = new Mailbox(to, settings)) {
            b.clear();
        }
        resetState(work);
        Map<String, Long> commandsBefore = ThrowAwayDovecot.commands();
        double cpuBefore = ThrowAwayDovecot.cpuSeconds();
        long start = System.nanoTime();
        copier.copy();
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = ThrowAwayDovecot.cpuSeconds() - cpuBefore;
        Map<String, Long> used = ThrowAwayDovecot.commandsBetween(commandsBefore, ThrowAwayDovecot.commands());
        long commands = used.values().stream().mapToLong(Long::longValue).sum();
        boolean identical;
        try (Mailbox b = new Mailbox(to, settings)) {
            Map<String, List<String>> copied = MailTransfers.contents(b, ImapPeersBenchmark::withoutTuid);
            copied.keySet().retainAll(source.keySet());
            identical = source.equals(copied);
            if (!identical) {
                System.out.println(copier.name() + "'s copy differs: " + firstDifference(source, copied));
            }
        }
        return new Measure(seconds, cpu, commands, used.getOrDefault("COMPRESS", 0L), identical);
    }

    /**
     * The message without the X-TUID header line that mbsync adds to every message it copies (to find it again should
     * the server not say its UID); the source's messages have none, so for the other copiers this is the message.
     */
    private static InputStream withoutTuid(InputStream message) {
        try (InputStream in = message) {
            String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            int headerEnd = text.indexOf("\r\n\r\n");
            int tuid = text.indexOf("\r\nX-TUID: ");
            if (tuid >= 0 && tuid < headerEnd) {
                text = text.substring(0, tuid) + text.substring(text.indexOf("\r\n", tuid + 2));
            }
            return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstDifference(Map<String, List<String>> source, Map<String, List<String>> copied) {
        for (Map.Entry<String, List<String>> folder : source.entrySet()) {
            List<String> copy = copied.get(folder.getKey());
            if (copy == null) {
                return "folder " + folder.getKey() + " is missing";
            }
            if (copy.size() != folder.getValue().size()) {
                return "folder " + folder.getKey() + " holds " + copy.size() + " messages, not " + folder.getValue().size();
            }
            for (int i = 0; i < copy.size(); i++) {
                if (!copy.get(i).equals(folder.getValue().get(i))) {
                    return "in folder " + folder.getKey() + ": " + copy.get(i) + " where the source has " + folder.getValue().get(i);
                }
            }
        }
        return "none found";
    }

    /** mbsync's channel: every folder of the first account pulled to the second, with flags and INTERNALDATE. */
    private static Path mbsyncConfig(Path work) throws Exception {
        String account = """
                IMAPAccount %1$s
                Host %2$s
                Port %3$s
                User %4$s
                Pass %5$s
                SSLType STARTTLS
                CertificateFile %6$s

                IMAPStore %1$s-store
                Account %1$s

                """;
        String config = account.formatted("far", ThrowAwayDovecot.env("HOST"), ThrowAwayDovecot.env("PORT"),
                ThrowAwayDovecot.env("USER"), ThrowAwayDovecot.env("PASSWORD"), ThrowAwayDovecot.env("CERT"))
                + account.formatted("near", ThrowAwayDovecot.env("HOST"), ThrowAwayDovecot.env("PORT"),
                ThrowAwayDovecot.env("USER2"), ThrowAwayDovecot.env("PASSWORD"), ThrowAwayDovecot.env("CERT"))
                + """
                Channel copy
                Far :far-store:
                Near :near-store:
                Patterns *
                Create Near
                Sync Pull
                Expunge None
                CopyArrivalDate yes
                SyncState %s/
                """.formatted(work.resolve("mbsync-state"));
        Path file = work.resolve("mbsyncrc");
        Files.writeString(file, config, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** imapsync at its defaults, but for the certificate it is to trust, no log file and no check for a newer release. */
    private static List<String> imapsyncCommand(String imapsync, Path work) {
        String host = ThrowAwayDovecot.env("HOST");
        String port = ThrowAwayDovecot.env("PORT");
        String ca = "SSL_ca_file=" + ThrowAwayDovecot.env("CERT");
        return List.of(imapsync, "--host1", host, "--port1", port, "--user1", ThrowAwayDovecot.env("USER"),
                "--password1", ThrowAwayDovecot.env("PASSWORD"), "--tls1", "--sslargs1", ca,
                "--host2", host, "--port2", port, "--user2", ThrowAwayDovecot.env("USER2"),
                "--password2", ThrowAwayDovecot.env("PASSWORD"), "--tls2", "--sslargs2", ca,
                "--nolog", "--noreleasecheck", "--tmpdir", work.resolve("imapsync-tmp").toString());
    }

    /** A fresh start for the peers that keep state between runs (mbsync's sync state, imapsync's temporary folder). */
    private static void resetState(Path work) throws Exception {
        for (String dir : List.of("mbsync-state", "imapsync-tmp")) {
            deleteTree(work.resolve(dir));
            Files.createDirectories(work.resolve(dir));
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    private static double median(List<Measure> list, java.util.function.ToDoubleFunction<Measure> value) {
        double[] values = list.stream().mapToDouble(value).sorted().toArray();
        return values[values.length / 2];
    }
}
