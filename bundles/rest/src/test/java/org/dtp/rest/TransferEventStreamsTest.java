package org.dtp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.auth.flow.OAuth2AuthorizationFlows;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The server-sent events of a transfer: snapshots, changes once each, the end with its details, owners only. */
public class TransferEventStreamsTest {
    private final FakeTransferService service = new FakeTransferService();
    private final MutableClock clock = new MutableClock();
    private final TransferEventStreams streams = new TransferEventStreams(service, clock, Runnable::run);
    private final TransferResource resource = new TransferResource(service, new OAuth2AuthorizationFlows(), streams);
    private final RecordingEventSink sink = new RecordingEventSink();

    @After
    public void tearDown() {
        streams.deactivate();
    }

    private static final class MutableClock extends Clock {
        Instant now = FakeTransferService.T0;

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private TransferJob annsTransfer() throws Exception {
        return service.start(new TransferRequest(Vertical.MEDIA, new TransferEndpoint("localfs", Map.of("path", "/p")),
                new TransferEndpoint("localfs", Map.of("path", "/b")), "ann"));
    }

    /** The job as the engine would have it after copying {@code items} items of 1,000 bytes, in {@code state}. */
    private TransferJob progressed(TransferJob job, JobState state, long items) {
        TransferJob moved = new TransferJob(job.id(), job.vertical(), job.source(), job.destination(), state, state.name().toLowerCase(),
                job.createdAt(), clock.now, items, items * 1000, 0, null, null, job.owner(), null);
        service.put(moved, service.jobs.get(job.id()).state());
        return moved;
    }

    @Test
    public void aStreamOpensWithASnapshotAndTheErrorsSoFar() throws Exception {
        TransferJob job = annsTransfer();

        resource.events(Callers.ANN, job.id().toString(), sink, RecordingEventSink.SSE);

        assertEquals(List.of("error", "progress"), sink.names());
        JsonNode progress = sink.data("progress").get(0);
        assertEquals("QUEUED", progress.path("state").asText());
        assertEquals("Holidays", progress.path("containers").get(0).path("name").asText());
        assertEquals(3000, progress.path("containers").get(0).path("bytes").asLong());
        assertEquals("img-9", sink.data("error").get(0).path("itemId").asText());
        assertEquals("1", sink.events.get(0).getId());
        assertFalse(sink.isClosed());
    }

    @Test
    public void changesAreSentOnceWithRatesAndNothingWhileNothingChanges() throws Exception {
        TransferJob job = annsTransfer();
        resource.events(Callers.ANN, job.id().toString(), sink, RecordingEventSink.SSE);

        progressed(job, JobState.RUNNING, 0);
        clock.now = clock.now.plusSeconds(1);
        streams.pollAll();
        progressed(job, JobState.RUNNING, 20);
        clock.now = clock.now.plusSeconds(2);
        streams.pollAll();

        assertEquals(List.of("error", "progress", "state", "progress", "progress"), sink.names());
        JsonNode state = sink.data("state").get(0);
        assertEquals("QUEUED", state.path("from").asText());
        assertEquals("RUNNING", state.path("to").asText());
        JsonNode latest = sink.data("progress").get(2);
        assertEquals(20, latest.path("items").asLong());
        assertEquals(20_000, latest.path("bytes").asLong());
        // 20 items in the 3 s since the first snapshot
        assertEquals(20 / 3.0, latest.path("itemsPerSecond").asDouble(), 1e-9);
        assertEquals(20_000 / 3.0, latest.path("bytesPerSecond").asDouble(), 1e-6);

        int before = sink.events.size();
        clock.now = clock.now.plusSeconds(TransferEventStreams.RATE_WINDOW.getSeconds() + 1);
        streams.pollAll();
        assertEquals("the rate fell to 0: one more snapshot", before + 1, sink.events.size());
        assertEquals(0.0, sink.data("progress").get(3).path("itemsPerSecond").asDouble(), 0);
        clock.now = clock.now.plusSeconds(1);
        streams.pollAll();
        assertEquals("no change, no event", before + 1, sink.events.size());
        clock.now = clock.now.plus(TransferEventStreams.KEEP_ALIVE);
        streams.pollAll();
        assertEquals("a snapshot at least every keep-alive interval", before + 2, sink.events.size());
    }

    @Test
    public void aClientThatWentAwayFreesItsPlaceWithinAFewPollsNotAfterTheKeepAlive() throws Exception {
        TransferJob job = annsTransfer();
        List<RecordingEventSink> sinks = new java.util.ArrayList<>();
        for (int i = 0; i < TransferEventStreams.MAX_STREAMS_PER_USER; i++) {
            RecordingEventSink own = new RecordingEventSink();
            resource.events(Callers.ANN, job.id().toString(), own, RecordingEventSink.SSE);
            sinks.add(own);
        }
        Problems.expect(429, () -> resource.events(Callers.ANN, job.id().toString(), new RecordingEventSink(), RecordingEventSink.SSE));

        sinks.get(0).clientGone = true; // nothing changes in the transfer: only the keep-alive lines find it out
        for (int poll = 0; poll < 2; poll++) {
            clock.now = clock.now.plus(TransferEventStreams.SNAPSHOT_INTERVAL);
            streams.pollAll();
        }

        assertEquals(TransferEventStreams.MAX_STREAMS_PER_USER - 1, streams.openStreams());
        resource.events(Callers.ANN, job.id().toString(), new RecordingEventSink(), RecordingEventSink.SSE);
        assertTrue("the others were kept alive with comment lines", sinks.get(1).comments > 0);
    }

    @Test
    public void oneUserOpensAtMostAFewStreamsAndAClosedOneFreesItsPlace() throws Exception {
        TransferJob job = annsTransfer();
        List<RecordingEventSink> sinks = new java.util.ArrayList<>();
        for (int i = 0; i < TransferEventStreams.MAX_STREAMS_PER_USER; i++) {
            RecordingEventSink own = new RecordingEventSink();
            resource.events(Callers.ANN, job.id().toString(), own, RecordingEventSink.SSE);
            sinks.add(own);
        }
        Problems.expect(429, () -> resource.events(Callers.ANN, job.id().toString(), new RecordingEventSink(), RecordingEventSink.SSE));
        assertEquals(TransferEventStreams.MAX_STREAMS_PER_USER, streams.openStreams());

        streams.transferChanged(new TransferEvent(TransferEvent.Kind.ENDED, progressed(job, JobState.COMPLETED, 1), clock.now));
        assertEquals(0, streams.openStreams());
        resource.events(Callers.ANN, job.id().toString(), new RecordingEventSink(), RecordingEventSink.SSE);
    }

    @Test
    public void theEndIsSentWithTheDetailsAndTheStreamCloses() throws Exception {
        TransferJob job = annsTransfer();
        resource.events(Callers.ANN, job.id().toString(), sink, RecordingEventSink.SSE);
        assertEquals(1, streams.openStreams());

        TransferJob done = progressed(job, JobState.COMPLETED, 3);
        streams.transferChanged(new TransferEvent(TransferEvent.Kind.ENDED, done, clock.now));

        List<String> names = sink.names();
        assertEquals("end", names.get(names.size() - 1));
        JsonNode end = sink.data("end").get(0);
        assertEquals("COMPLETED", end.path("job").path("state").asText());
        assertEquals("caption", end.path("fidelity").path("entries").get(0).path("field").asText());
        assertEquals("/p", end.path("job").path("source").path("settings").path("path").asText());
        assertTrue(sink.isClosed());
        assertEquals(0, streams.openStreams());
        int sent = sink.events.size();
        streams.pollAll();
        assertEquals(sent, sink.events.size());
    }

    @Test
    public void aClientThatWentAwayIsDropped() throws Exception {
        TransferJob job = annsTransfer();
        resource.events(Callers.ANN, job.id().toString(), sink, RecordingEventSink.SSE);

        sink.close();
        progressed(job, JobState.RUNNING, 5);
        streams.pollAll();

        assertEquals(0, streams.openStreams());
        assertEquals(List.of("error", "progress"), sink.names());
    }

    @Test
    public void anotherUsersOrAnUnknownTransferIs404AndOpensNoStream() throws Exception {
        TransferJob job = annsTransfer();

        Problems.expect(404, () -> resource.events(Callers.BOB, job.id().toString(), sink, RecordingEventSink.SSE));
        Problems.expect(404, () -> resource.events(Callers.ANN, UUID.randomUUID().toString(), sink, RecordingEventSink.SSE));
        Problems.expect(404, () -> resource.events(Callers.ANN, "not-an-id", sink, RecordingEventSink.SSE));
        Problems.expect(401, () -> resource.events(null, job.id().toString(), sink, RecordingEventSink.SSE));

        assertEquals(0, streams.openStreams());
        assertTrue(sink.events.isEmpty());
        resource.events(Callers.OPERATOR, job.id().toString(), sink, RecordingEventSink.SSE);
        assertEquals(1, streams.openStreams());
    }

    @Test
    public void beyondTheLimitOfOpenStreamsIs429() throws Exception {
        TransferJob job = annsTransfer();
        for (int i = 0; i < TransferEventStreams.MAX_STREAMS; i++) {
            // operators of their own names, each within their own limit
            resource.events(Callers.of(new ApiCaller("operator-" + i, true)), job.id().toString(), new RecordingEventSink(),
                    RecordingEventSink.SSE);
        }

        Problem refused = Problems.expect(429, () -> resource.events(Callers.ANN, job.id().toString(), sink, RecordingEventSink.SSE));

        assertTrue(refused.detail(), refused.detail().contains("GET /api/v1/transfers/" + job.id()));
        assertTrue(sink.events.isEmpty());
    }
}
