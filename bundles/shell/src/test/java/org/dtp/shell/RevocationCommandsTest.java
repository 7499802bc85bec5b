package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Revocation;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.dtp.shell.FakeTransferService.T0;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class RevocationCommandsTest {
    private final FakeTransferService service = new FakeTransferService();

    private RevokeCommand revoke(String provider, String version, String reason) {
        RevokeCommand command = new RevokeCommand();
        command.transfers = service;
        command.provider = provider;
        command.version = version;
        command.reason = reason;
        return command;
    }

    private UnrevokeCommand unrevoke(String provider, String version) {
        UnrevokeCommand command = new UnrevokeCommand();
        command.transfers = service;
        command.provider = provider;
        command.version = version;
        return command;
    }

    private String revocations() throws Exception {
        RevocationsCommand command = new RevocationsCommand();
        command.transfers = service;
        return Console.run(command::execute);
    }

    private String adapters() throws Exception {
        AdaptersCommand command = new AdaptersCommand();
        command.transfers = service;
        return Console.run(command::execute);
    }

    private void installSmugmug(String version) {
        service.adapters.add(new AdapterInfo("smugmug", "SmugMug", "org.dtp.dtp-adapter-smugmug", version, Map.of()));
    }

    @Test
    public void revokeRevokesAnInstalledVersionWithItsReason() throws Exception {
        String out = Console.run(revoke("smugmug", "0.2.0", "security report 42")::execute);

        assertEquals("Revoked smugmug 0.2.0 (security report 42): new transfers with it are refused, running ones"
                + " pause until dtp:unrevoke", out.trim());
        assertEquals(List.of(new Revocation("smugmug", "0.2.0", "security report 42", T0.plusSeconds(1))),
                service.revocations());
    }

    @Test
    public void revokeWithoutReasonGetsTheDefaultOne() throws Exception {
        assertTrue(Console.run(revoke("localfs", "0.1.0", null)::execute).contains("(revoked by operator)"));
    }

    @Test
    public void revokingAVersionThatIsNotInstalledIsAOneLineError() {
        installSmugmug("0.3.0.SNAPSHOT");

        CommandException version = assertThrows(CommandException.class, revoke("smugmug", "0.2", "x")::execute);
        CommandException provider = assertThrows(CommandException.class, revoke("smugmu", "0.2.0", "x")::execute);

        assertEquals("No installed adapter of provider 'smugmug' has version '0.2'; installed: 0.2.0, 0.3.0.SNAPSHOT",
                version.getMessage());
        assertEquals("No adapter of provider 'smugmu' is installed (see dtp:adapters)", provider.getMessage());
        assertTrue(service.revocations().isEmpty());
    }

    @Test
    public void revocationsListProviderVersionReasonAndTimeSorted() throws Exception {
        assertTrue(revocations().contains("No adapter version is revoked."));
        Console.run(revoke("smugmug", "0.2.0", "security report 42")::execute);
        Console.run(revoke("localfs", "0.1.0", null)::execute);

        String out = revocations();

        List<String> lines = out.lines().toList();
        assertTrue(out, lines.get(0).contains("Provider") && lines.get(0).contains("Version")
                && lines.get(0).contains("Reason") && lines.get(0).contains("Revoked at"));
        assertTrue(out, out.indexOf("localfs") < out.indexOf("smugmug"));
        String smugmug = lines.stream().filter(l -> l.contains("smugmug")).findFirst().orElseThrow();
        assertTrue(smugmug, smugmug.contains("0.2.0") && smugmug.contains("security report 42")
                && smugmug.contains(Format.time(T0.plusSeconds(1))));
        assertTrue(out, out.contains("revoked by operator"));
    }

    @Test
    public void adaptersShowWhichVersionsAreRevoked() throws Exception {
        installSmugmug("0.3.0");
        Console.run(revoke("smugmug", "0.2.0", "bad build")::execute);

        String out = adapters();

        assertTrue(out, out.lines().findFirst().orElseThrow().contains("Revoked"));
        List<String> revoked = out.lines().filter(l -> l.contains("0.2.0")).toList();
        assertEquals(out, 2, revoked.size());
        assertTrue(out, revoked.stream().allMatch(l -> l.matches(".*0\\.2\\.0\\W+yes\\W.*")));
        assertTrue(out, out.lines().filter(l -> l.contains("0.3.0") || l.contains("localfs"))
                .allMatch(l -> l.matches(".*\\W+no\\W.*")));
    }

    @Test
    public void unrevokeLiftsTheRevocation() throws Exception {
        Console.run(revoke("localfs", "0.1.0", null)::execute);

        String out = Console.run(unrevoke("localfs", "0.1.0")::execute);

        assertEquals("Un-revoked localfs 0.1.0: transfers paused for it resume", out.trim());
        assertTrue(service.revocations().isEmpty());
        assertFalse(adapters().lines().anyMatch(l -> l.contains("yes")));
    }

    @Test
    public void unrevokeWorksForAVersionNoLongerInstalled() throws Exception {
        Console.run(revoke("localfs", "0.1.0", null)::execute);
        service.adapters.clear();

        Console.run(unrevoke("localfs", "0.1.0")::execute);

        assertTrue(service.revocations().isEmpty());
    }

    @Test
    public void unrevokingAVersionThatIsNotRevokedIsAOneLineError() {
        CommandException e = assertThrows(CommandException.class, unrevoke("localfs", "0.1.0")::execute);

        assertEquals("Version '0.1.0' of adapter 'localfs' is not revoked (see dtp:revocations)", e.getMessage());
    }
}
