package org.dtp.adapters.imap;

import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;

import java.util.List;
import java.util.Map;

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
        ImapSettings settings = ThrowAwayDovecot.settings();
        TransferEndpoint from = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER"));
        TransferEndpoint to = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER2"));
        Map<String, List<String>> source;
        try (Mailbox a = new Mailbox(from, settings); Mailbox b = new Mailbox(to, settings)) {
            a.clear();
            b.clear();
            BenchmarkMail.fill(a, FOLDERS, PER_FOLDER, 0);
            source = MailTransfers.contents(a);
        }
        // The copy, then the same transfer again as a new job: every message is recognised at the destination.
        run("copy", settings, from, to, source);
        run("again", settings, from, to, source);
    }

    private static void run(String what, ImapSettings settings, TransferEndpoint from, TransferEndpoint to,
                            Map<String, List<String>> source) throws Exception {
        int messages = FOLDERS * PER_FOLDER;
        Map<String, Long> commandsBefore = ThrowAwayDovecot.commands();
        double cpuBefore = ThrowAwayDovecot.cpuSeconds();
        long start = System.nanoTime();
        TransferJob job;
        try (MailTransfers transfers = new MailTransfers(settings)) {
            job = transfers.run(from, to);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = ThrowAwayDovecot.cpuSeconds() - cpuBefore;
        Map<String, Long> used = ThrowAwayDovecot.commandsBetween(commandsBefore, ThrowAwayDovecot.commands());
        boolean identical;
        try (Mailbox b = new Mailbox(to, settings)) {
            Map<String, List<String>> copied = MailTransfers.contents(b);
            copied.keySet().retainAll(source.keySet());
            identical = job.state() == JobState.COMPLETED && source.equals(copied);
        }
        long total = used.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf("IMAP %s, %d messages in %d folders, Dovecot -> Dovecot: %.2f s, %s; %d IMAP commands (%.2f per message) "
                        + "%s; Dovecot CPU %.2f s%n", what, messages, FOLDERS, seconds,
                identical ? "copies identical" : "COPIES DIFFER (" + job + ")", total, (double) total / messages, used, cpu);
    }
}
