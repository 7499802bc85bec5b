package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.models.Vertical;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class CommandsTest {
    private final FakeTransferService service = new FakeTransferService();

    private static void assertContains(String output, String... parts) {
        for (String part : parts) {
            assertTrue("missing '" + part + "' in:\n" + output, output.contains(part));
        }
    }

    @Test
    public void adaptersListOneRowPerVertical() throws Exception {
        AdaptersCommand command = new AdaptersCommand();
        command.transfers = service;

        String out = Console.run(command::execute);

        assertContains(out, "Provider", "Revoked", "Directions", "Transfers", "org.dtp.dtp-adapter-localfs", "export, import");
        List<String> smugmugRows = out.lines().filter(l -> l.contains("smugmug")).toList();
        assertEquals(2, smugmugRows.size());
        assertTrue(smugmugRows.get(0), smugmugRows.get(0).contains("media") && smugmugRows.get(0).contains("import"));
        assertTrue(smugmugRows.get(1), smugmugRows.get(1).contains("contacts") && smugmugRows.get(1).contains("export"));
        assertTrue("3 transfers use SmugMug for media: " + smugmugRows.get(0), smugmugRows.get(0).matches(".*\\W3\\s*$"));
        assertTrue("none for contacts: " + smugmugRows.get(1), smugmugRows.get(1).matches(".*\\W0\\s*$"));
        assertTrue(out, out.lines().skip(2).allMatch(l -> l.matches(".*\\W+no\\W.*")));
    }

    private StartCommand start(String vertical, String source, String destination) {
        StartCommand command = new StartCommand();
        command.transfers = service;
        command.vertical = vertical;
        command.source = source;
        command.destination = destination;
        return command;
    }

    @Test
    public void startPrintsTheNewJobIdAndPassesTheSettings() throws Exception {
        StartCommand command = start("MEDIA", "localfs", "smugmug");
        command.sourceSettings = List.of("path=/photos");
        command.destinationSettings = List.of("token", "album=Trip");
        command.session = Sessions.answering("abc");

        String out = Console.run(command::execute);

        UUID id = UUID.fromString(out.trim());
        assertTrue(service.jobs.containsKey(id));
        assertEquals(Vertical.MEDIA, service.lastRequest.vertical());
        assertEquals(Map.of("path", "/photos"), service.lastRequest.source().settings());
        assertEquals(Map.of("token", "abc", "album", "Trip"), service.lastRequest.destination().settings());
    }

    @Test
    public void startPassesTheSelection() throws Exception {
        StartCommand command = start("media", "localfs", "smugmug");
        command.sourceSettings = List.of("path=/photos");
        command.from = "2024-01-01";
        command.to = "2024-07-01T12:00:00+02:00";
        command.containers = List.of("Trips/2024", "Family");
        command.excluded = List.of("Screenshots");

        Console.run(command::execute);

        assertEquals(new org.dtp.transfer.Selection(java.time.Instant.parse("2024-01-01T00:00:00Z"),
                java.time.Instant.parse("2024-07-01T10:00:00Z"), List.of("Trips/2024", "Family"), List.of("Screenshots")),
                service.lastRequest.selection());
    }

    @Test
    public void startRefusesASelectionThatCannotHoldBeforeAskingForSecrets() {
        StartCommand undated = start("contacts", "carddav", "localfs");
        undated.sourceSettings = List.of("password");
        undated.session = Sessions.answering("never asked");
        undated.from = "2024-01-01";
        StartCommand backwards = start("media", "localfs", "smugmug");
        backwards.from = "2024-02-01";
        backwards.to = "2024-01-01";
        StartCommand notADate = start("media", "localfs", "smugmug");
        notADate.to = "tomorrow";

        assertTrue(assertThrows(CommandException.class, () -> Console.run(undated::execute)).getMessage()
                .startsWith("Invalid selection: a date range cannot select contacts"));
        assertTrue(assertThrows(CommandException.class, () -> Console.run(backwards::execute)).getMessage()
                .contains("must be after"));
        assertTrue(assertThrows(CommandException.class, () -> Console.run(notADate::execute)).getMessage()
                .contains("'tomorrow' is no date"));
        assertEquals("nothing was started", null, service.lastRequest);
    }

    @Test
    public void transferShowsItsSelectionAndTheItemsLeftOut() throws Exception {
        TransferJob job = service.add(JobState.RUNNING, 40, 4096, 1);
        service.selection = new org.dtp.transfer.Selection(java.time.Instant.parse("2024-01-01T00:00:00Z"), null,
                List.of("Holidays"), List.of("Work"));

        String out = Console.run(transfer(job.id())::execute);

        assertContains(out, "Selection: dated from 2024-01-01T00:00:00Z to any time; only Holidays; not Work", "Not selected");
        assertTrue(out, out.lines().anyMatch(line -> line.contains("Holidays") && line.trim().endsWith("4")));
    }

    @Test
    public void startRunsUnderANeutralThreadNameSoTheLogNeverShowsItsCommandLine() throws Exception {
        StartCommand command = start("MEDIA", "localfs", "smugmug");
        command.sourceSettings = List.of("path=/photos");
        String before = "pipe-dtp:start -s path=/photos media localfs smugmug";
        Thread.currentThread().setName(before);

        Console.run(command::execute);

        assertEquals("dtp:start", service.startedOnThread);
        assertEquals("the shell's own name is given back", before, Thread.currentThread().getName());
    }

    @Test
    public void startRefusesASecretTypedInlineBeforeAnythingStarts() {
        StartCommand command = start("MAIL", "imap", "localfs");
        command.sourceSettings = List.of("host=imap.example.org", "password=hunter2");
        command.destinationSettings = List.of("path=/backup");
        command.session = Sessions.answering("never asked");
        String shellName = "pipe-dtp:start -s password=hunter2 mail imap localfs";
        Thread.currentThread().setName(shellName);

        CommandException refused = assertThrows(CommandException.class, () -> Console.run(command::execute));

        assertTrue(refused.getMessage(), refused.getMessage().contains("'-s password' and type it when asked"));
        assertFalse("the refusal does not repeat the secret", refused.getMessage().contains("hunter2"));
        assertEquals("nothing was started", null, service.lastRequest);
        assertEquals("the shell's own name is given back", shellName, Thread.currentThread().getName());
    }

    @Test
    public void startReportsAnInvalidRequestInOneLine() {
        CommandException invalid = assertThrows(CommandException.class,
                () -> Console.run(start("media", "localfs", "nowhere")::execute));
        CommandException vertical = assertThrows(CommandException.class,
                () -> Console.run(start("fax", "localfs", "localfs")::execute));
        StartCommand badSetting = start("media", "localfs", "localfs");
        badSetting.sourceSettings = List.of("path");

        assertEquals("Invalid transfer: no adapter for provider 'nowhere'", invalid.getMessage());
        assertTrue(vertical.getMessage(), vertical.getMessage().startsWith("unknown vertical 'fax'"));
        assertThrows(CommandException.class, badSetting::execute);
        assertTrue(service.jobs.isEmpty());
    }

    @Test
    public void transfersListIdsStatesAndHumanSizes() throws Exception {
        TransferJob older = service.add(JobState.COMPLETED, 12, 1536, 0);
        TransferJob newer = service.add(JobState.RUNNING, 3, 10, 1);
        TransfersCommand command = new TransfersCommand();
        command.transfers = service;

        String out = Console.run(command::execute);
        assertContains(out, "Id", "Updated", older.id().toString(), "COMPLETED", "1.5 KiB", "smugmug",
                Format.time(older.updatedAt()));
        assertTrue(out.indexOf(newer.id().toString()) < out.indexOf(older.id().toString()));

        command.limit = 1;
        String one = Console.run(command::execute);
        assertContains(one, newer.id().toString());
        assertFalse(one.contains(older.id().toString()));

        command.limit = 0;
        assertThrows(CommandException.class, command::execute);
    }

    private TransferCommand transfer(UUID id) {
        TransferCommand command = new TransferCommand();
        command.transfers = service;
        command.id = id.toString();
        command.refreshMillis = 1;
        return command;
    }

    @Test
    public void transferShowsStateTotalsContainersErrorsAndHistory() throws Exception {
        TransferJob job = service.add(JobState.RUNNING, 40, 3 * 1024 * 1024 + 2048, 1);

        String out = Console.run(transfer(job.id())::execute);

        assertContains(out, job.id().toString(), "localfs -> smugmug", "State:    RUNNING (because)",
                "40 items, 3.0 MiB, 1 error", "Holidays", "a2", "unreadable JPEG", "img-9.jpg", "worker 1",
                "Adapters: export org.dtp.dtp-adapter-localfs 0.1.0, import -",
                "Fidelity: 1 field not kept", "location.altitude", "the destination keeps no altitude");
        assertFalse("settings (and their secrets) are not shown", out.contains("token"));
    }

    @Test
    public void aRunOfASyncNamesItsSync() throws Exception {
        TransferJob added = service.add(JobState.COMPLETED, 4, 4096, 0);
        UUID sync = UUID.randomUUID();
        service.jobs.put(added.id(), new TransferJob(added.id(), added.vertical(), added.source(), added.destination(),
                added.state(), added.stateReason(), added.createdAt(), added.updatedAt(), 4, 4096, 0, null, null,
                added.owner(), null, sync));

        assertContains(Console.run(transfer(added.id())::execute), "Sync:     " + sync + " (a scheduled run; dtp:syncs)");
        assertFalse(Console.run(transfer(service.add(JobState.COMPLETED, 1, 1, 0).id())::execute).contains("Sync:"));
    }

    @Test
    public void watchRedrawsUntilTheTransferEnds() throws Exception {
        TransferJob job = service.add(JobState.RUNNING, 40, 4096, 1);
        service.finishAfter = 3;
        TransferCommand command = transfer(job.id());
        command.watch = true;

        String out = Console.run(command::execute);

        assertEquals(3, service.detailsCalls);
        assertEquals(3, out.split("\u001B\\[H\u001B\\[2J", -1).length - 1);
        // Holidays holds 30 of the 40 items copied: 3/4 of the bar
        assertContains(out, "Holidays [" + "#".repeat(23) + "-".repeat(7) + "]", "COMPLETED (done)",
                "The transfer has ended.");
    }

    @Test
    public void watchStopsWhenInterrupted() throws Exception {
        TransferJob job = service.add(JobState.RUNNING, 1, 1, 0);
        TransferCommand command = transfer(job.id());
        command.watch = true;
        command.refreshMillis = 60_000;

        Thread.currentThread().interrupt();
        try {
            Console.run(command::execute);
            assertEquals(1, service.detailsCalls);
        } finally {
            assertTrue("the interrupt is kept for the shell", Thread.interrupted());
        }
    }

    @Test
    public void transferOfAnUnknownOrMalformedIdIsAClearError() {
        CommandException unknown = assertThrows(CommandException.class, transfer(UUID.randomUUID())::execute);
        TransferCommand malformed = transfer(UUID.randomUUID());
        malformed.id = "nope";

        assertTrue(unknown.getMessage(), unknown.getMessage().startsWith("No transfer with id "));
        assertTrue(assertThrows(CommandException.class, malformed::execute).getMessage().contains("Not a transfer id"));
    }

    private <C extends JobControlCommand> C control(C command, UUID id) {
        command.transfers = service;
        command.id = id.toString();
        return command;
    }

    @Test
    public void pauseResumeCancelPrintTheNewState() throws Exception {
        UUID id = service.add(JobState.RUNNING, 0, 0, 0).id();

        assertEquals("Transfer " + id + ": PAUSED (paused by user)",
                Console.run(control(new PauseCommand(), id)::execute).trim());
        assertContains(Console.run(control(new ResumeCommand(), id)::execute), "QUEUED (resumed by user)");
        assertContains(Console.run(control(new CancelCommand(), id)::execute), "CANCELLED (cancelled by user)");
    }

    @Test
    public void controlOfAnUnknownIdOrInAnIllegalStateIsAClearError() {
        UUID ended = service.add(JobState.COMPLETED, 0, 0, 0).id();
        UUID unknown = UUID.randomUUID();

        assertEquals("No transfer with id " + unknown,
                assertThrows(CommandException.class, control(new PauseCommand(), unknown)::execute).getMessage());
        assertEquals("Cannot resume transfer " + ended + ": transfer is COMPLETED",
                assertThrows(CommandException.class, control(new ResumeCommand(), ended)::execute).getMessage());
        assertThrows(CommandException.class, control(new CancelCommand(), ended)::execute);
    }
}
