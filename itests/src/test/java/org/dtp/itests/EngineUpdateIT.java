package org.dtp.itests;

import org.apache.karaf.features.BundleInfo;
import org.apache.karaf.features.Dependency;
import org.apache.karaf.features.Feature;
import org.apache.karaf.features.FeaturesService;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;

import javax.inject.Inject;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/**
 * The engine is a bundle of its own that exports nothing (issue 20): an operator updates it and no adapter is
 * stopped, re-resolved or re-installed, and an adapter feature brings neither the engine nor a database.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class EngineUpdateIT {
    private static final String ENGINE = "org.dtp.dtp-engine";
    private static final List<String> ADAPTER_FEATURES = List.of("dtp-adapter-localfs", "dtp-adapter-smugmug",
            "dtp-adapter-imap", "dtp-adapter-carddav", "dtp-adapter-caldav", "dtp-adapter-google",
            "dtp-adapter-microsoft", "dtp-adapter-flickr", "dtp-adapter-rememberthemilk", "dtp-adapter-spotify",
            "dtp-adapter-twitter", "dtp-adapter-instagram", "dtp-adapter-facebook", "dtp-adapter-archives");

    @Inject
    private FeaturesService features;

    @Inject
    private BundleContext context;

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    @Test
    public void noAdapterFeatureBringsTheEngineOrADatabase() throws Exception {
        for (String name : ADAPTER_FEATURES) {
            List<String> locations = bundleLocations(name);
            assertTrue(name + " brings the adapter kit: " + locations,
                    locations.stream().anyMatch(l -> l.contains("/dtp-adapter-kit/")));
            for (String location : locations) {
                assertTrue(name + " must not bring " + location, !location.contains("/dtp-engine/")
                        && !location.contains("h2database") && !location.contains("HikariCP")
                        && !location.contains("postgresql") && !location.contains("quartz"));
            }
        }
    }

    @Test
    public void updatingTheEngineRefreshesNoAdapterAndTransfersRunOnTheNewEngine() throws Exception {
        for (String name : ADAPTER_FEATURES) {
            features.installFeature(name, EnumSet.noneOf(FeaturesService.Option.class));
        }
        DtpContainer.rest().await("/adapters", adapters -> adapters.findValues("provider").stream()
                .anyMatch(p -> p.asText().equals("localfs")), Duration.ofSeconds(60));
        Bundle engine = Bundles.named(context, ENGINE);
        Map<String, String> before = otherDtpBundles();
        assertTrue(before.toString(), before.keySet().stream().filter(n -> n.startsWith("org.dtp.dtp-adapter-")
                && !n.equals("org.dtp.dtp-adapter-kit")).count() >= ADAPTER_FEATURES.size());

        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        Collection<Bundle> closure = wiring.getDependencyClosure(Set.of(engine));
        assertEquals("bundles a refresh of the engine takes with it: " + closure, Set.of(engine), new HashSet<>(closure));

        List<String> events = new CopyOnWriteArrayList<>();
        BundleListener listener = event -> {
            String name = event.getBundle().getSymbolicName();
            if (name != null && name.startsWith("org.dtp.") && !name.equals(ENGINE)) {
                events.add(name + " " + kind(event.getType()));
            }
        };
        context.addBundleListener(listener);
        long engineId = engine.getBundleId();
        String oldVersion = engine.getVersion().toString();
        try {
            String newVersion = Bundles.nextVersion(engine);
            engine.update(new ByteArrayInputStream(Bundles.withVersion(engine, newVersion)));
            CountDownLatch refreshed = new CountDownLatch(1);
            wiring.refreshBundles(Set.of(engine), event -> {
                if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                    refreshed.countDown();
                }
            });
            assertTrue("the refresh ended", refreshed.await(60, TimeUnit.SECONDS));
            Bundle updated = context.getBundle(engineId);
            assertEquals(newVersion, updated.getVersion().toString());
            assertNotEquals(oldVersion, updated.getVersion().toString());
            assertEquals(Bundle.ACTIVE, updated.getState());
        } finally {
            context.removeBundleListener(listener);
        }
        assertEquals("no other dtp bundle was stopped, resolved again or started", List.of(), events);
        assertEquals("same bundle ids and states", before, otherDtpBundles());

        // The new engine finds the adapters that never moved and runs a transfer with them.
        Path base = Paths.get(System.getProperty("dtp.work"), "engine-update-" + System.nanoTime());
        Path source = base.resolve("source");
        Path destination = Files.createDirectories(base.resolve("destination"));
        MediaFolders.generate(source, 2, 20);
        Rest.Reply created = Rest.await(() -> DtpContainer.rest().post("/transfers",
                Rest.transferRequest(source.toString(), destination.toString())),
                reply -> reply.status() == 201, Duration.ofSeconds(60), "a transfer on the new engine");
        String id = created.body().path("id").asText();
        DtpContainer.rest().await("/transfers/" + id, d -> d.toString().contains("\"COMPLETED\""), Duration.ofSeconds(60));
        assertEquals(MediaFolders.mediaFiles(source), MediaFolders.mediaFiles(destination));
    }

    /** Every org.dtp bundle but the engine: symbolic name → "id state". */
    private Map<String, String> otherDtpBundles() {
        Map<String, String> bundles = new TreeMap<>();
        for (Bundle b : context.getBundles()) {
            String name = b.getSymbolicName();
            if (name != null && name.startsWith("org.dtp.") && !name.equals(ENGINE)) {
                bundles.put(name, b.getBundleId() + " " + b.getState());
            }
        }
        return bundles;
    }

    /** The locations of every bundle the feature installs, through its feature dependencies. */
    private List<String> bundleLocations(String name) throws Exception {
        List<String> locations = new ArrayList<>();
        Deque<Feature> pending = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        pending.add(features.getFeature(name));
        while (!pending.isEmpty()) {
            Feature feature = pending.pop();
            if (feature == null || !seen.add(feature.getId())) {
                continue;
            }
            for (BundleInfo bundle : feature.getBundles()) {
                locations.add(bundle.getLocation());
            }
            for (Dependency dependency : feature.getDependencies()) {
                pending.add(features.getFeature(dependency.getName()));
            }
        }
        return locations;
    }

    private static String kind(int type) {
        switch (type) {
            case BundleEvent.STOPPED: return "stopped";
            case BundleEvent.STARTED: return "started";
            case BundleEvent.RESOLVED: return "resolved";
            case BundleEvent.UNRESOLVED: return "unresolved";
            case BundleEvent.UPDATED: return "updated";
            case BundleEvent.INSTALLED: return "installed";
            case BundleEvent.UNINSTALLED: return "uninstalled";
            default: return "event " + type;
        }
    }
}
