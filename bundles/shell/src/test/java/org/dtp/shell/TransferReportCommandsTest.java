package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** dtp:transfer-errors and dtp:transfer-fidelity page through everything dtp:transfer only starts to show. */
public class TransferReportCommandsTest {
    private final FakeTransferService service = new FakeTransferService();

    private static void assertContains(String output, String... parts) {
        for (String part : parts) {
            assertTrue("missing '" + part + "' in:\n" + output, output.contains(part));
        }
    }

    private TransferErrorsCommand errors(UUID id, int offset, int limit) {
        TransferErrorsCommand command = new TransferErrorsCommand();
        command.transfers = service;
        command.id = id.toString();
        command.offset = offset;
        command.limit = limit;
        return command;
    }

    private TransferFidelityCommand fidelity(UUID id, String side) {
        TransferFidelityCommand command = new TransferFidelityCommand();
        command.transfers = service;
        command.id = id.toString();
        command.side = side;
        return command;
    }

    @Test
    public void errorsArePagedWithTheirTotalAndTheCommandForTheNextPage() throws Exception {
        TransferJob job = service.add(JobState.COMPLETED, 10, 10, 120);
        service.errors.put(job.id(), IntStream.range(0, 120)
                .mapToObj(i -> new ItemError("a1", "img-" + i + ".jpg", "bad " + i, FakeTransferService.T0)).toList());

        String first = Console.run(errors(job.id(), 0, 50)::execute);
        String last = Console.run(errors(job.id(), 100, 50)::execute);

        assertContains(first, "img-0.jpg", "img-49.jpg", "Item errors 1-50 of 120; next: dtp:transfer-errors " + job.id()
                + " --offset 50 --limit 50");
        assertFalse(first, first.contains("img-50.jpg"));
        assertContains(last, "img-119.jpg", "Item errors 101-120 of 120");
        assertFalse(last, last.contains("next:"));
        assertContains(Console.run(errors(job.id(), 500, 50)::execute), "None from offset 500 (120 in all)");
    }

    @Test
    public void fidelityEntriesOfOneSideArePaged() throws Exception {
        TransferJob job = service.add(JobState.COMPLETED, 10, 10, 0);
        List<FieldNotKept> entries = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            entries.add(new FieldNotKept("cal", "e" + i, "attendees[0].role", "OPT-PARTICIPANT", FakeTransferService.T0,
                    i % 2 == 0 ? FieldNotKept.Side.SOURCE : FieldNotKept.Side.DESTINATION));
        }
        service.notKept.put(job.id(), entries);
        TransferFidelityCommand command = fidelity(job.id(), "Source");
        command.limit = 20;

        String out = Console.run(command::execute);

        assertContains(out, "source", "e0", "e38", "Fidelity entries 1-20 of 30; next: dtp:transfer-fidelity " + job.id()
                + " --offset 20 --limit 20 --side source");
        assertFalse(out, out.contains("destination") || out.contains("e1 "));
        assertContains(Console.run(fidelity(job.id(), null)::execute), "Fidelity entries 1-50 of 60");
    }

    @Test
    public void theTransferNamesTheFieldsMostOftenNotKeptAndWhereTheRestIs() throws Exception {
        TransferJob job = service.add(JobState.COMPLETED, 10, 10, 30);
        service.errors.put(job.id(), IntStream.range(0, 30)
                .mapToObj(i -> new ItemError("a1", "img-" + i + ".jpg", "bad", FakeTransferService.T0)).toList());
        service.notKept.put(job.id(), IntStream.range(0, 25).mapToObj(i -> new FieldNotKept("a1", "img-" + i + ".jpg",
                "location.altitude", "no altitude", FakeTransferService.T0)).toList());
        TransferCommand command = new TransferCommand();
        command.transfers = service;
        command.id = job.id().toString();

        String out = Console.run(command::execute);

        assertContains(out, "Last errors (10 of 30; all with dtp:transfer-errors " + job.id() + ")",
                "(first 20 shown; all with dtp:transfer-fidelity " + job.id() + ")", "Most often not kept");
        assertTrue(out, out.lines().anyMatch(l -> l.matches("\\s*location\\.altitude\\s*\\|\\s*destination\\s*\\|\\s*1\\s*")));
    }

    @Test
    public void badOptionsAndUnknownTransfersAreClearErrors() {
        TransferJob job = service.add(JobState.COMPLETED, 1, 1, 0);
        assertTrue(assertThrows(CommandException.class, errors(job.id(), -1, 10)::execute).getMessage().contains("--offset"));
        assertTrue(assertThrows(CommandException.class, errors(job.id(), 0, 0)::execute).getMessage().contains("--limit"));
        assertEquals("--side must be source or destination, not 'both'",
                assertThrows(CommandException.class, fidelity(job.id(), "both")::execute).getMessage());
        assertTrue(assertThrows(CommandException.class, errors(UUID.randomUUID(), 0, 10)::execute).getMessage()
                .startsWith("No transfer with id "));
    }
}
