package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.core.testing.TestDatabase;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Two dtp nodes share one PostgreSQL database (job store and clustered Quartz), set up as README's operator guide
 * says. Transfers are started; one node is killed with SIGKILL while it runs some of them; the other node takes
 * them over from their checkpoints and every photo arrives exactly once. Repeated a few times, alternating the
 * node killed, then once with the whole cluster killed and started again. Prints the figures of each round.
 * Needs PostgreSQL (DTP_TEST_PG_URL; .ci/run starts it); skipped without it.
 */
public class ClusterFailoverIT {
    private static final int ROUNDS = 2;
    private static final int JOBS = 4;
    private static final int ALBUMS = 2;
    private static final int PER_ALBUM = 1000;
    private static final String[] NAMES = {"node-a", "node-b"};

    private static TestDatabase database;
    private static final List<ServerProcess> nodes = new ArrayList<>();
    private static Path work;

    @BeforeClass
    public static void startCluster() throws Exception {
        TestDatabase.assumePostgreSQL();
        database = TestDatabase.postgresql();
        work = Paths.get(System.getProperty("dtp.work"), "cluster-" + System.nanoTime()).toAbsolutePath();
        for (String name : NAMES) {
            ServerProcess node = new ServerProcess(Paths.get(System.getProperty("dtp.distribution")), work.resolve(name));
            node.setProperty("etc/org.dtp.engine.cfg", "nodeName", name);
            // A killed node's transfers are taken over once their run leases expire: short here, as check-ins are.
            node.setProperty("etc/org.dtp.engine.cfg", "leaseSeconds", "5");
            // README, "Several nodes": every node uses the same master key store, since any node may resume any job.
            node.setProperty("etc/org.dtp.crypto.cfg", "keyStore", work.resolve("dtp-master-keys.p12").toString());
            nodes.add(node);
            node.start();
            // README, "Using PostgreSQL": the driver feature, then the store, then the clustered scheduler.
            String out = node.client("feature:install dtp-store-postgresql dtp-adapter-localfs");
            assertTrue(out, !out.contains("Error"));
            node.setProperty("etc/org.dtp.store.cfg", "url", database.url());
            node.setProperty("etc/org.dtp.store.cfg", "user", database.user());
            node.setProperty("etc/org.dtp.store.cfg", "password", database.password());
            node.setProperty("etc/org.dtp.store.cfg", "dataSourceFactory.target", "(osgi.jdbc.driver.class=org.postgresql.Driver)");
            node.setProperty("etc/org.dtp.scheduler.cfg", "clustered", "true");
            node.setProperty("etc/org.dtp.scheduler.cfg", "instanceId", name);
            node.setProperty("etc/org.dtp.scheduler.cfg", "clusterCheckinInterval", "1000");
        }
        awaitClusterMembers(Set.of(NAMES), Duration.ofSeconds(90));
        for (ServerProcess node : nodes) {
            node.rest.await("/adapters", a -> a.toString().contains("localfs"), Duration.ofSeconds(30));
            // The store's new settings restart the engine, the token store, the authentication filter and the
            // resources that need them (the transfers'), one after another: the test waits until the one it uses has
            // answered for a while (a single 200 came once before the filter went down: a 401 in CI).
            node.rest.awaitSteady("/transfers", Duration.ofSeconds(5), Duration.ofSeconds(90));
        }
    }

    @AfterClass
    public static void stopCluster() throws Exception {
        nodes.forEach(ServerProcess::close);
        if (database != null) {
            database.close();
        }
    }

    /** Waits until Quartz's cluster table lists exactly these scheduler instances as checking in. */
    private static void awaitClusterMembers(Set<String> members, Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        Set<String> seen = Set.of();
        while (System.nanoTime() < end) {
            seen = new HashSet<>();
            try (Connection c = database.raw().getConnection();
                 PreparedStatement s = c.prepareStatement("SELECT instance_name FROM qrtz_scheduler_state");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    seen.add(rs.getString(1));
                }
            } catch (java.sql.SQLException e) {
                // tables not created yet
            }
            if (seen.containsAll(members)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("cluster members " + members + " not all checking in after " + timeout + "; seen " + seen);
    }

    private record Job(String id, Path source, Path destination) {
    }

    private List<Job> startJobs(String round) throws Exception {
        List<Job> jobs = new ArrayList<>();
        for (int j = 0; j < JOBS; j++) {
            Path source = work.resolve(round + "-" + j + "-source");
            Path destination = Files.createDirectories(work.resolve(round + "-" + j + "-destination"));
            MediaFolders.generate(source, ALBUMS, PER_ALBUM);
            ServerProcess entry = nodes.get(j % nodes.size());
            Rest.Reply created = entry.rest.post("/transfers", Rest.transferRequest(source.toString(), destination.toString()));
            assertEquals(created.text(), 201, created.status());
            jobs.add(new Job(created.body().path("id").asText(), source, destination));
        }
        return jobs;
    }

    /** The node whose name the job's latest "started on" / "resumed ... on" names, or null before it starts. */
    private static String runningOn(JsonNode details) {
        String node = null;
        for (JsonNode change : details.path("history")) {
            String reason = change.path("reason").asText();
            int on = reason.lastIndexOf(" on ");
            if ((reason.startsWith("started on ") || reason.startsWith("resumed from checkpoint on ")) && on > 0) {
                node = reason.substring(on + 4);
            }
        }
        return details.path("job").path("state").asText().equals("RUNNING") ? node : null;
    }

    private static ServerProcess node(String name) {
        return nodes.get(List.of(NAMES).indexOf(name));
    }

    private static long items(JsonNode details) {
        return details.path("job").path("items").asLong();
    }

    @Test
    public void aKilledNodesTransfersResumeOnTheOtherNodeWithNothingLostOrDuplicated() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            List<Job> jobs = startJobs("round" + round);
            // Kill a node that runs at least one of them, preferring the nodes in turn.
            String preferredName = NAMES[round % NAMES.length];
            String victimName = null;
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (victimName == null && System.nanoTime() < end) {
                Map<String, Integer> running = new java.util.HashMap<>();
                for (Job job : jobs) {
                    JsonNode d = nodes.get(0).rest.get("/transfers/" + job.id).body();
                    String node = runningOn(d);
                    if (node != null && items(d) >= 50) {
                        running.merge(node, 1, Integer::sum);
                    }
                }
                victimName = running.containsKey(preferredName) ? preferredName
                        : running.keySet().stream().findFirst().orElse(null);
                Thread.sleep(100);
            }
            assertTrue("no job was running on any node", victimName != null);
            ServerProcess victim = node(victimName);
            String survivorName = NAMES[(List.of(NAMES).indexOf(victimName) + 1) % NAMES.length];
            ServerProcess survivor = node(survivorName);

            List<String> onVictim = new ArrayList<>();
            for (Job job : jobs) {
                if (victimName.equals(runningOn(survivor.rest.get("/transfers/" + job.id).body()))) {
                    onVictim.add(job.id);
                }
            }
            long killedAt = System.nanoTime();
            victim.kill();
            long copiedAtKill = 0;
            for (Job job : jobs) {
                copiedAtKill += items(survivor.rest.get("/transfers/" + job.id).body());
            }

            // Taken over: every job the victim ran says it resumed on the survivor.
            long end2 = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            List<String> waiting = new ArrayList<>(onVictim);
            while (!waiting.isEmpty() && System.nanoTime() < end2) {
                waiting.removeIf(job -> {
                    try {
                        return survivor.rest.get("/transfers/" + job).text()
                                .contains("resumed from checkpoint on " + survivorName);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                });
                Thread.sleep(100);
            }
            assertTrue("not taken over by " + survivorName + ": " + waiting, waiting.isEmpty());
            long takenOver = System.nanoTime();
            for (Job job : jobs) {
                Rest.Reply done = survivor.rest.await("/transfers/" + job.id,
                        d -> d.path("job").path("state").asText().equals("COMPLETED"), Duration.ofMinutes(5));
                assertExactlyOnce(job, done.body());
            }
            System.out.printf("cluster round %d: killed %s (SIGKILL) running %d of %d transfers, %d photos copied at the kill; "
                            + "%s took them over %.1f s after the kill (check-in every 1 s) and all %d completed %.1f s after it: "
                            + "%d photos, 0 lost, 0 duplicated%n",
                    round + 1, victimName, onVictim.size(), JOBS, copiedAtKill, survivorName, (takenOver - killedAt) / 1e9,
                    JOBS, (System.nanoTime() - killedAt) / 1e9, JOBS * ALBUMS * PER_ALBUM);
            victim.start();
            awaitClusterMembers(Set.of(NAMES), Duration.ofSeconds(90));
            victim.rest.awaitSteady("/transfers", Duration.ofSeconds(2), Duration.ofSeconds(90)); // the next round posts to it
        }
    }

    @Test
    public void aWholeClusterKilledMidTransferResumesWhenItStartsAgain() throws Exception {
        List<Job> jobs = startJobs("whole");
        nodes.get(0).rest.await("/transfers/" + jobs.get(0).id, d -> items(d) >= 50, Duration.ofSeconds(60));
        nodes.forEach(ServerProcess::kill);
        for (ServerProcess node : nodes) {
            node.start();
        }
        for (Job job : jobs) {
            Rest.Reply done = nodes.get(1).rest.await("/transfers/" + job.id,
                    d -> d.path("job").path("state").asText().equals("COMPLETED"), Duration.ofMinutes(5));
            assertExactlyOnce(job, done.body());
        }
        System.out.printf("whole cluster killed mid-transfer and started again: %d transfers, %d photos, 0 lost, 0 duplicated%n",
                JOBS, JOBS * ALBUMS * PER_ALBUM);
    }

    private static void assertExactlyOnce(Job job, JsonNode done) throws Exception {
        Map<String, String> expected = MediaFolders.mediaFiles(job.source);
        Map<String, String> actual = MediaFolders.mediaFiles(job.destination);
        assertEquals("no photo lost", 0, expected.keySet().stream().filter(k -> !actual.containsKey(k)).count());
        assertEquals("every photo exactly once, byte-identical", expected, actual);
        assertEquals(done.toString(), expected.size(), items(done));
    }
}
