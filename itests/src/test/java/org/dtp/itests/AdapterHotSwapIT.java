package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.karaf.features.FeaturesService;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferService;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import javax.inject.Inject;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Adapters installed, updated, stopped and revoked while transfers run: the transfer pauses at its
 * checkpoint, resumes when the adapter is back (on the new version after an update) and every item
 * arrives exactly once.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class AdapterHotSwapIT {
    private static final String LOCALFS = "org.dtp.dtp-adapter-localfs";
    private static final int ALBUMS = 4;
    private static final int PER_ALBUM = 1500;

    @Inject
    private FeaturesService features;

    @Inject
    private BundleContext context;

    @Inject
    private TransferService transfers;

    private TransferWaits waits;

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    @Before
    public void installLocalfs() throws Exception {
        waits = new TransferWaits(transfers);
        features.installFeature("dtp-adapter-localfs", EnumSet.noneOf(FeaturesService.Option.class));
        awaitAdapter(true);
    }

    private void awaitAdapter(boolean present) throws Exception {
        DtpContainer.rest().await("/adapters", adapters -> adapters.findValues("provider").stream()
                .anyMatch(p -> p.asText().equals("localfs")) == present, Duration.ofSeconds(30));
    }

    private Bundle localfs() {
        return Bundles.named(context, LOCALFS);
    }

    @Test
    public void uninstallingTheFeatureRemovesTheAdapterAndInstallingBringsItBack() throws Exception {
        features.uninstallFeature("dtp-adapter-localfs");
        awaitAdapter(false);
        Rest.Reply refused = DtpContainer.rest().post("/transfers", Rest.transferRequest("/tmp", "/tmp"));
        assertEquals(refused.text(), 422, refused.status());
        features.installFeature("dtp-adapter-localfs", EnumSet.noneOf(FeaturesService.Option.class));
        awaitAdapter(true);
    }

    @Test
    public void aBundleUpdateMidTransferPausesAndResumesOnTheNewVersionExactlyOnce() throws Exception {
        Bundle bundle = localfs();
        String oldVersion = bundle.getVersion().toString();
        Transfer t = startTransfer("update");
        waits.items(t.id, 100);

        String newVersion = Bundles.nextVersion(bundle);
        bundle.update(new ByteArrayInputStream(Bundles.withVersion(bundle, newVersion)));
        assertEquals(newVersion, localfs().getVersion().toString());

        TransferDetails done = waits.end(t.id);
        assertEquals(JobState.COMPLETED, done.job().state());
        t.assertExactlyOnce(done);
        assertTrue(done.job().exporterVersion(), done.job().exporterVersion().endsWith("/" + newVersion));
        String history = done.history().toString();
        assertTrue(history, done.history().stream().anyMatch(c -> c.reason().contains("now served by")
                && c.reason().contains(newVersion) && c.reason().contains(oldVersion)));
    }

    @Test
    public void aStoppedAdapterMakesTheTransferWaitNotFailAndItResumesWhenTheAdapterStarts() throws Exception {
        Transfer t = startTransfer("stop");
        waits.items(t.id, 100);
        localfs().stop();
        TransferDetails waiting = waits.state(t.id, JobState.PAUSED);
        assertTrue(waiting.job().stateReason(), waiting.job().stateReason().startsWith("waiting for adapter localfs"));
        Thread.sleep(1000);
        assertEquals("still waiting, not failed", JobState.PAUSED, waits.details(t.id).job().state());

        localfs().start();
        TransferDetails done = waits.end(t.id);
        assertEquals(JobState.COMPLETED, done.job().state());
        t.assertExactlyOnce(done);
    }

    @Test
    public void aRevokedVersionRefusesNewTransfersAndPausesRunningOnesUntilUnrevoked() throws Exception {
        String version = localfs().getVersion().toString();
        Transfer t = startTransfer("revoke");
        waits.items(t.id, 100);
        Rest.Reply revoked = DtpContainer.rest().post("/adapters/localfs/versions/" + version + "/revoke",
                "{\"reason\": \"security report 42\"}");
        assertEquals(revoked.text(), 200, revoked.status());
        TransferDetails paused = waits.state(t.id, JobState.PAUSED);
        assertTrue(paused.job().stateReason(), paused.job().stateReason().contains("version " + version + " is revoked"));

        Rest.Reply refused = DtpContainer.rest().post("/transfers", Rest.transferRequest(t.source.toString(), t.destination.toString()));
        assertEquals(refused.text(), 422, refused.status());
        assertTrue(refused.text(), refused.body().path("detail").asText().contains("security report 42"));

        JsonNode listed = DtpContainer.rest().get("/adapters").body();
        assertTrue(listed.toString(), listed.toString().contains("\"revoked\":true"));
        Rest.Reply unrevoked = DtpContainer.rest().post("/adapters/localfs/versions/" + version + "/unrevoke", "");
        assertEquals(unrevoked.text(), 200, unrevoked.status());
        TransferDetails done = waits.end(t.id);
        assertEquals(JobState.COMPLETED, done.job().state());
        t.assertExactlyOnce(done);
    }

    private static final class Transfer {
        final UUID id;
        final Path source;
        final Path destination;

        Transfer(UUID id, Path source, Path destination) {
            this.id = id;
            this.source = source;
            this.destination = destination;
        }

        void assertExactlyOnce(TransferDetails done) throws Exception {
            Map<String, String> expected = MediaFolders.mediaFiles(source);
            assertEquals("every photo exactly once, byte-identical", expected, MediaFolders.mediaFiles(destination));
            assertEquals(expected.size(), done.job().items());
            assertEquals(0, done.job().errors());
        }
    }

    private Transfer startTransfer(String name) throws Exception {
        Path base = Paths.get(System.getProperty("dtp.work"), "hotswap-" + name + "-" + System.nanoTime());
        Path source = base.resolve("source");
        Path destination = Files.createDirectories(base.resolve("destination"));
        MediaFolders.generate(source, ALBUMS, PER_ALBUM);
        Rest.Reply created = DtpContainer.rest().post("/transfers", Rest.transferRequest(source.toString(), destination.toString()));
        assertEquals(created.text(), 201, created.status());
        return new Transfer(UUID.fromString(created.body().path("id").asText()), source, destination);
    }
}
