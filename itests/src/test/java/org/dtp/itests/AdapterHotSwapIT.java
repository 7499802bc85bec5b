package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.karaf.features.FeaturesService;
import org.dtp.transfer.JobState;
import org.dtp.transfer.StateChange;
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
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Enumeration;
import java.util.EnumSet;
import java.util.Map;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
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

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    @Before
    public void installLocalfs() throws Exception {
        features.installFeature("dtp-adapter-localfs", EnumSet.noneOf(FeaturesService.Option.class));
        awaitAdapter(true);
    }

    private void awaitAdapter(boolean present) throws Exception {
        DtpContainer.rest().await("/adapters", adapters -> adapters.findValues("provider").stream()
                .anyMatch(p -> p.asText().equals("localfs")) == present, Duration.ofSeconds(30));
    }

    private Bundle localfs() {
        for (Bundle b : context.getBundles()) {
            if (LOCALFS.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no " + LOCALFS + " bundle");
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
        awaitItems(t.id, 100);

        String newVersion = bundle.getVersion().getMajor() + "." + bundle.getVersion().getMinor() + "."
                + (bundle.getVersion().getMicro() + 1) + ".hotswap" + System.nanoTime();
        bundle.update(new ByteArrayInputStream(withVersion(bundle, newVersion)));
        assertEquals(newVersion, localfs().getVersion().toString());

        TransferDetails done = awaitEnd(t.id);
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
        awaitItems(t.id, 100);
        localfs().stop();
        TransferDetails waiting = awaitState(t.id, JobState.PAUSED);
        assertTrue(waiting.job().stateReason(), waiting.job().stateReason().startsWith("waiting for adapter localfs"));
        Thread.sleep(1000);
        assertEquals("still waiting, not failed", JobState.PAUSED, details(t.id).job().state());

        localfs().start();
        TransferDetails done = awaitEnd(t.id);
        assertEquals(JobState.COMPLETED, done.job().state());
        t.assertExactlyOnce(done);
    }

    @Test
    public void aRevokedVersionRefusesNewTransfersAndPausesRunningOnesUntilUnrevoked() throws Exception {
        String version = localfs().getVersion().toString();
        Transfer t = startTransfer("revoke");
        awaitItems(t.id, 100);
        Rest.Reply revoked = DtpContainer.rest().post("/adapters/localfs/versions/" + version + "/revoke",
                "{\"reason\": \"security report 42\"}");
        assertEquals(revoked.text(), 200, revoked.status());
        TransferDetails paused = awaitState(t.id, JobState.PAUSED);
        assertTrue(paused.job().stateReason(), paused.job().stateReason().contains("version " + version + " is revoked"));

        Rest.Reply refused = DtpContainer.rest().post("/transfers", Rest.transferRequest(t.source.toString(), t.destination.toString()));
        assertEquals(refused.text(), 422, refused.status());
        assertTrue(refused.text(), refused.body().path("detail").asText().contains("security report 42"));

        JsonNode listed = DtpContainer.rest().get("/adapters").body();
        assertTrue(listed.toString(), listed.toString().contains("\"revoked\":true"));
        Rest.Reply unrevoked = DtpContainer.rest().post("/adapters/localfs/versions/" + version + "/unrevoke", "");
        assertEquals(unrevoked.text(), 200, unrevoked.status());
        TransferDetails done = awaitEnd(t.id);
        assertEquals(JobState.COMPLETED, done.job().state());
        t.assertExactlyOnce(done);
    }

    /** The adapter bundle with another Bundle-Version, built from the installed bundle's own entries. */
    private static byte[] withVersion(Bundle bundle, String version) throws Exception {
        Manifest manifest;
        try (InputStream in = bundle.getEntry("META-INF/MANIFEST.MF").openStream()) {
            manifest = new Manifest(in);
        }
        manifest.getMainAttributes().put(new Attributes.Name("Bundle-Version"), version);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(out, manifest)) {
            Enumeration<URL> entries = bundle.findEntries("/", "*", true);
            while (entries.hasMoreElements()) {
                URL url = entries.nextElement();
                String name = url.getPath().substring(1);
                if (name.isEmpty() || name.endsWith("/") || name.equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                jar.putNextEntry(new JarEntry(name));
                try (InputStream in = url.openStream()) {
                    in.transferTo(jar);
                }
                jar.closeEntry();
            }
        }
        return out.toByteArray();
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

    private TransferDetails details(UUID id) {
        return transfers.details(id).orElseThrow();
    }

    private void awaitItems(UUID id, long items) throws Exception {
        await(id, d -> d.job().items() >= items, Duration.ofSeconds(60));
        assertFalse("still running when the adapter changes", details(id).job().state().isFinal());
    }

    private TransferDetails awaitState(UUID id, JobState state) throws Exception {
        return await(id, d -> d.job().state() == state, Duration.ofSeconds(30));
    }

    private TransferDetails awaitEnd(UUID id) throws Exception {
        return await(id, d -> d.job().state().isFinal(), Duration.ofMinutes(3));
    }

    private TransferDetails await(UUID id, java.util.function.Predicate<TransferDetails> done, Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        TransferDetails last = null;
        while (System.nanoTime() < end) {
            last = details(id);
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("timed out; last: " + last);
    }
}
