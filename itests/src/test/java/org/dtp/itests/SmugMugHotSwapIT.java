package org.dtp.itests;

import org.apache.karaf.features.FeaturesService;
import org.apache.karaf.shell.api.console.SessionFactory;
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
import org.osgi.service.cm.ConfigurationAdmin;

import javax.inject.Inject;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Hashtable;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The SmugMug adapter installed, removed, updated, stopped and revoked on a running server while transfers from
 * (a fake) SmugMug run: each transfer waits at its checkpoint, resumes when the adapter is back and copies every
 * photo exactly once; a localfs-to-localfs transfer running at the same time never pauses.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class SmugMugHotSwapIT {
    private static final String FEATURE = "dtp-adapter-smugmug";
    private static final String BUNDLE = "org.dtp.dtp-adapter-smugmug";
    private static final int ALBUMS = 3;
    private static final int PER_ALBUM = 150;
    /** Big enough to still be copying while SmugMug's adapter changes (it has no rate limit). */
    private static final int LOCAL_ALBUMS = 4;
    private static final int LOCAL_PER_ALBUM = 4000;

    @Inject
    private FeaturesService features;

    @Inject
    private BundleContext context;

    @Inject
    private TransferService transfers;

    @Inject
    private SessionFactory sessions;

    @Inject
    private ConfigurationAdmin configurations;

    private TransferWaits waits;

    @Configuration
    public Option[] config() {
        return Stream.of(DtpContainer.options(), SmugMugInDriver.options(ALBUMS, PER_ALBUM))
                .flatMap(Stream::of).toArray(Option[]::new);
    }

    @Before
    public void installAdapters() throws Exception {
        waits = new TransferWaits(transfers);
        features.installFeature("dtp-adapter-localfs", EnumSet.noneOf(FeaturesService.Option.class));
        features.installFeature(FEATURE, EnumSet.noneOf(FeaturesService.Option.class));
        if (smugmug().getState() != Bundle.ACTIVE) {
            smugmug().start();
        }
        awaitAdapter("localfs", true);
        awaitAdapter("smugmug", true);
    }

    private Bundle smugmug() {
        return Bundles.named(context, BUNDLE);
    }

    private void awaitAdapter(String provider, boolean present) throws Exception {
        DtpContainer.rest().await("/adapters", adapters -> adapters.findValues("provider").stream()
                .anyMatch(p -> p.asText().equals(provider)) == present, Duration.ofSeconds(30));
    }

    @Test
    public void installingTheFeatureListsTheAdapterWithinSecondsAndUninstallingRemovesIt() throws Exception {
        features.uninstallFeature(FEATURE);
        awaitAdapter("smugmug", false);
        assertFalse(Shell.run(sessions, "dtp:adapters").contains("smugmug"));
        Rest.Reply refused = DtpContainer.rest().post("/transfers", fromSmugMug(Files.createTempDirectory("refused")));
        assertEquals(refused.text(), 422, refused.status());
        assertTrue(refused.text(), refused.body().path("detail").asText().contains("smugmug"));

        long start = System.nanoTime();
        features.installFeature(FEATURE, EnumSet.noneOf(FeaturesService.Option.class));
        awaitAdapter("smugmug", true);
        System.out.printf("dtp-adapter-smugmug listed by the REST API %.1f s after feature:install%n",
                (System.nanoTime() - start) / 1e9);
        String table = Shell.run(sessions, "dtp:adapters");
        assertTrue(table, table.contains("smugmug") && table.contains(BUNDLE) && table.contains(smugmug().getVersion().toString()));

        SmugMugTransfer t = startFromSmugMug("installed");
        t.assertExactlyOnce(waits.end(t.id));
    }

    @Test
    public void aBundleUpdateMidTransferResumesOnTheNewVersionWhileALocalTransferGoesOn() throws Exception {
        LocalTransfer local = startLocal("update");
        SmugMugTransfer t = startFromSmugMug("update");
        waits.items(t.id, 100);
        Bundle bundle = smugmug();
        String oldVersion = bundle.getVersion().toString();
        String newVersion = Bundles.nextVersion(bundle);
        Instant updated = Instant.now();
        bundle.update(new ByteArrayInputStream(Bundles.withVersion(bundle, newVersion)));
        assertEquals(newVersion, smugmug().getVersion().toString());

        TransferDetails done = waits.end(t.id);
        t.assertExactlyOnce(done);
        assertTrue(done.job().exporterVersion(), done.job().exporterVersion().endsWith("/" + newVersion));
        assertTrue(done.history().toString(), done.history().stream().anyMatch(c -> c.reason().contains("now served by")
                && c.reason().contains(newVersion) && c.reason().contains(oldVersion)));
        local.assertNeverPausedAndExactlyOnce(waits.end(local.id), updated);
    }

    @Test
    public void aStoppedOrUninstalledAdapterMakesTheTransferWaitAndItResumesWhenTheAdapterReturns() throws Exception {
        LocalTransfer local = startLocal("stop");
        SmugMugTransfer t = startFromSmugMug("stop");
        waits.items(t.id, 100);
        Instant stopped = Instant.now();
        smugmug().stop();
        TransferDetails waiting = waits.state(t.id, JobState.PAUSED);
        assertTrue(waiting.job().stateReason(), waiting.job().stateReason().startsWith("waiting for adapter smugmug (export) MEDIA"));
        Thread.sleep(1000);
        assertEquals("still waiting, not failed", JobState.PAUSED, waits.details(t.id).job().state());
        smugmug().start();
        waits.items(t.id, waiting.job().items() + 100);

        // The feature is uninstalled while the transfer waits: uninstalling a running feature takes seconds, in
        // which the transfer could end, and its bundle stops first anyway, which is what the transfer sees.
        smugmug().stop();
        waits.state(t.id, JobState.PAUSED);
        features.uninstallFeature(FEATURE);
        awaitAdapter("smugmug", false);
        TransferDetails uninstalled = waits.details(t.id);
        assertEquals(uninstalled.toString(), JobState.PAUSED, uninstalled.job().state());
        assertTrue(uninstalled.job().stateReason(), uninstalled.job().stateReason().startsWith("waiting for adapter smugmug"));
        features.installFeature(FEATURE, EnumSet.noneOf(FeaturesService.Option.class));

        t.assertExactlyOnce(waits.end(t.id));
        local.assertNeverPausedAndExactlyOnce(waits.end(local.id), stopped);
    }

    @Test
    public void aTransferThatWaitsLongerThanTheConfiguredTimeoutFailsWithTheReason() throws Exception {
        org.osgi.service.cm.Configuration engine = configurations.getConfiguration("org.dtp.engine", null);
        Hashtable<String, Object> settings = new Hashtable<>();
        settings.put("adapterWaitTimeoutSeconds", 2L);
        engine.update(settings);
        try {
            SmugMugTransfer t = startFromSmugMug("timeout");
            waits.items(t.id, 50);
            smugmug().stop();
            TransferDetails failed = waits.until(t.id, d -> d.job().state().isFinal(), Duration.ofSeconds(30));
            assertEquals(JobState.FAILED, failed.job().state());
            assertEquals("adapter smugmug (export) MEDIA did not return within 2 s", failed.job().stateReason());
            assertTrue(failed.history().toString(), failed.history().stream().anyMatch(c -> c.to() == JobState.PAUSED));
        } finally {
            engine.delete();
            smugmug().start();
        }
    }

    @Test
    public void aRevokedVersionRefusesNewTransfersAndPausesRunningOnesUntilUnrevoked() throws Exception {
        String version = smugmug().getVersion().toString();
        SmugMugTransfer t = startFromSmugMug("revoke");
        waits.items(t.id, 100);
        Rest.Reply revoked = DtpContainer.rest().post("/adapters/smugmug/versions/" + version + "/revoke",
                "{\"reason\": \"security report 7\"}");
        assertEquals(revoked.text(), 200, revoked.status());
        TransferDetails paused = waits.state(t.id, JobState.PAUSED);
        assertTrue(paused.job().stateReason(), paused.job().stateReason().contains("version " + version + " is revoked"));

        Rest.Reply refused = DtpContainer.rest().post("/transfers", fromSmugMug(Files.createTempDirectory("refused")));
        assertEquals(refused.text(), 422, refused.status());
        assertTrue(refused.text(), refused.body().path("detail").asText().contains("security report 7"));
        String row = Shell.run(sessions, "dtp:adapters").lines().filter(l -> l.contains(BUNDLE)).findFirst().orElseThrow();
        assertTrue("revoked, one transfer waiting on it: " + row, row.matches(".*\\byes\\b.*\\b1\\s*$"));

        Rest.Reply unrevoked = DtpContainer.rest().post("/adapters/smugmug/versions/" + version + "/unrevoke", "");
        assertEquals(unrevoked.text(), 200, unrevoked.status());
        t.assertExactlyOnce(waits.end(t.id));
    }

    private static String fromSmugMug(Path destination) {
        return "{\"vertical\":\"media\",\"source\":{\"provider\":\"smugmug\",\"settings\":{\"accessToken\":\""
                + System.getProperty(SmugMugInDriver.TOKEN) + "\",\"accessTokenSecret\":\""
                + System.getProperty(SmugMugInDriver.TOKEN_SECRET) + "\"}},\"destination\":{\"provider\":\"localfs\","
                + "\"settings\":{\"path\":\"" + destination + "\"}}}";
    }

    private static Path workDir(String name) throws Exception {
        return Files.createDirectories(Paths.get(System.getProperty("dtp.work"), "smugmug-" + name + "-" + System.nanoTime()));
    }

    private SmugMugTransfer startFromSmugMug(String name) throws Exception {
        Path destination = Files.createDirectories(workDir(name).resolve("destination"));
        Rest.Reply created = DtpContainer.rest().post("/transfers", fromSmugMug(destination));
        assertEquals(created.text(), 201, created.status());
        return new SmugMugTransfer(UUID.fromString(created.body().path("id").asText()), destination);
    }

    private LocalTransfer startLocal(String name) throws Exception {
        Path base = workDir("local-" + name);
        Path source = base.resolve("source");
        Path destination = Files.createDirectories(base.resolve("destination"));
        MediaFolders.generate(source, LOCAL_ALBUMS, LOCAL_PER_ALBUM);
        Rest.Reply created = DtpContainer.rest().post("/transfers", Rest.transferRequest(source.toString(), destination.toString()));
        assertEquals(created.text(), 201, created.status());
        return new LocalTransfer(UUID.fromString(created.body().path("id").asText()), source, destination);
    }

    /** A transfer of ann's photos from the fake SmugMug into a local folder. */
    private record SmugMugTransfer(UUID id, Path destination) {
        void assertExactlyOnce(TransferDetails done) throws Exception {
            assertEquals(done.toString(), JobState.COMPLETED, done.job().state());
            Map<String, String> expected = MediaFolders.mediaFiles(Paths.get(System.getProperty(SmugMugInDriver.REFERENCE)));
            assertEquals(ALBUMS * PER_ALBUM, expected.size());
            assertEquals("every photo exactly once, byte-identical", expected, MediaFolders.mediaFiles(destination));
            assertEquals(expected.size(), done.job().items());
            assertEquals(0, done.job().errors());
        }
    }

    /** A localfs-to-localfs transfer that runs beside the SmugMug one. */
    private record LocalTransfer(UUID id, Path source, Path destination) {
        void assertNeverPausedAndExactlyOnce(TransferDetails done, Instant adapterChanged) throws Exception {
            assertEquals(JobState.COMPLETED, done.job().state());
            assertTrue("the local transfer must still run when SmugMug's adapter changes (make it larger): " + done.job(),
                    done.job().updatedAt().isAfter(adapterChanged));
            assertTrue(done.history().toString(), done.history().stream().noneMatch(c -> c.to() == JobState.PAUSED));
            Map<String, String> expected = MediaFolders.mediaFiles(source);
            assertEquals(expected, MediaFolders.mediaFiles(destination));
            assertEquals(expected.size(), done.job().items());
        }
    }
}
