package org.dtp.core.engine;

import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.JobState;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Transfers with a {@link Selection}: only the selected containers' items in the date range arrive, containers left
 * out are never read. Runs on every job store database, as {@link TransferEngineTest}.
 */
@RunWith(Parameterized.class)
public class SelectiveTransferTest {
    private static final Instant FROM = Instant.parse("2024-01-01T00:00:00Z");
    private static final Instant TO = Instant.parse("2025-01-01T00:00:00Z");

    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind database;

    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness(database);
        // Pages of 2: the albums of 3 span pages, so a selection holds across continuations.
        source = new MemoryMediaProvider(2).withAlbum("family", 3).withAlbum("trips", 3).withAlbum("2024", 3)
                .withAlbum("work", 2);
        source.subAlbums.put("trips", List.of("2024"));
        source.rootItems.add(MemoryMediaProvider.item("loose"));
        destination = new MemoryMediaProvider(2);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
    }

    @After
    public void tearDown() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private TransferDetails run(Selection selection) throws Exception {
        TransferJob job = harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of()),
                TransferRequest.OPERATOR, selection));
        harness.engine.execute(job.id());
        TransferDetails details = harness.manager.details(job.id()).orElseThrow();
        assertEquals(JobState.COMPLETED, details.job().state());
        return details;
    }

    private Set<String> importedItems() {
        return new TreeSet<>(destination.imported.keySet());
    }

    private static Map<String, Long> notSelected(TransferDetails details) {
        return details.containers().stream()
                .collect(Collectors.toMap(ContainerProgress::containerId, ContainerProgress::notSelected));
    }

    @Test
    public void copiesOnlyTheNamedAlbumsAndNeverReadsTheOthers() throws Exception {
        TransferDetails done = run(new Selection(null, null, List.of("ALBUM family"), List.of()));

        assertEquals(Set.of("i:family/photo-0", "i:family/photo-1", "i:family/photo-2"), importedItems());
        assertEquals(Set.of("c:family"), destination.importedContainers.keySet());
        assertFalse(source.exportedContainers.contains("trips"));
        assertFalse(source.exportedContainers.contains("2024"));
        assertFalse(source.exportedContainers.contains("work"));
        // The root is read for its albums, but its own items are outside every named album.
        assertEquals(Map.of("", 1L, "family", 0L), notSelected(done));
        assertEquals(3, done.job().items());
        assertEquals(0, done.job().errors());
    }

    @Test
    public void anExcludedAlbumAndWhatIsNestedInItAreNeverExported() throws Exception {
        TransferDetails done = run(new Selection(null, null, List.of(), List.of("album trips")));

        assertFalse(source.exportedContainers.contains("trips"));
        assertFalse(source.exportedContainers.contains("2024"));
        assertEquals(Set.of("c:family", "c:work"), destination.importedContainers.keySet());
        assertEquals(6, importedItems().size()); // family 3, work 2, loose 1
        assertTrue(importedItems().contains("i:loose"));
        assertEquals(6, done.job().items());
    }

    @Test
    public void aPathNamesANestedAlbumAndItsParentIsOnlyLookedInto() throws Exception {
        source.unreadable.put("trips", List.of(new org.dtp.spi.ExportPage.Rejected("broken.jpg", "not an image")));

        TransferDetails done = run(new Selection(null, null, List.of("Album trips/Album 2024"), List.of()));

        assertEquals(Set.of("i:2024/photo-0", "i:2024/photo-1", "i:2024/photo-2"), importedItems());
        // The parent is not created: the nested album goes where the parent's items would have gone, the root.
        assertEquals(Set.of("c:2024"), destination.importedContainers.keySet());
        assertEquals("", destination.containerParents.get("c:2024"));
        assertFalse(source.exportedContainers.contains("family"));
        assertFalse(source.exportedContainers.contains("work"));
        assertEquals(Map.of("", 1L, "trips", 3L, "2024", 0L), notSelected(done));
        assertEquals("an unreadable item of a container only looked into is no error", 0, done.job().errors());
    }

    @Test
    public void anAlbumNamedIsCopiedWithTheAlbumsNestedInIt() throws Exception {
        run(new Selection(null, null, List.of("album trips"), List.of()));

        assertEquals(Set.of("c:trips", "c:2024"), destination.importedContainers.keySet());
        assertEquals("dest-trips", destination.containerParents.get("c:2024"));
        assertEquals(6, importedItems().size());
    }

    @Test
    public void exclusionWinsOverANamedParent() throws Exception {
        run(new Selection(null, null, List.of("album trips"), List.of("Album 2024")));

        assertEquals(Set.of("c:trips"), destination.importedContainers.keySet());
        assertFalse(source.exportedContainers.contains("2024"));
        assertEquals(3, importedItems().size());
    }

    @Test
    public void aDateRangeTakesItsStartAndLeavesOutItsEnd() throws Exception {
        source.albums.put("family", List.of(
                MemoryMediaProvider.item("before", FROM.minusMillis(1)),
                MemoryMediaProvider.item("first", FROM),
                MemoryMediaProvider.item("last", TO.minusMillis(1)),
                MemoryMediaProvider.item("end", TO),
                MemoryMediaProvider.item("undated", (java.time.Instant) null)));

        TransferDetails done = run(new Selection(FROM, TO, List.of("album family"), List.of()));

        assertEquals(Set.of("i:first", "i:last"), importedItems());
        assertEquals(Map.of("", 1L, "family", 3L), notSelected(done));
        assertEquals(2, done.job().items());
        assertEquals(0, done.job().errors());
        assertTrue(done.errors().isEmpty());
    }

    @Test
    public void anOpenEndedRangeSelectsEverythingFromItsStart() throws Exception {
        source.rootItems.set(0, MemoryMediaProvider.item("loose", TO));
        source.albums.put("work", List.of(MemoryMediaProvider.item("old", FROM.minusSeconds(1))));

        run(new Selection(FROM, null, List.of(), List.of()));

        // Only the loose item has a time from FROM on; the other albums' items have none.
        assertEquals(Set.of("i:loose"), importedItems());
        assertEquals(4, destination.importedContainers.size());
    }

    @Test
    public void itemsLeftOutAreCountedOnceWhenAPageRepeatsAfterAStop() throws Exception {
        MemoryMediaProvider onePage = new MemoryMediaProvider(3);
        onePage.albums.put("family", List.of(
                MemoryMediaProvider.item("old", FROM.minusSeconds(1)),
                MemoryMediaProvider.item("new", FROM),
                MemoryMediaProvider.item("newer", TO)));
        harness.register("one-page", onePage.exporter);
        TransferJob job = harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("one-page", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of()),
                TransferRequest.OPERATOR, new Selection(FROM, null, List.of("album family"), List.of())));
        // Stopped in the page after the item left out: the page repeats, and meets that item again.
        destination.afterImport = () -> harness.controls.requestStop(job.id());
        harness.engine.execute(job.id());
        assertEquals(JobState.RUNNING, harness.manager.details(job.id()).orElseThrow().job().state());
        destination.afterImport = () -> { };
        harness.restartNode(new RetryPolicy(3, java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(5), 2, 0.1));
        harness.engine.execute(job.id());

        TransferDetails done = harness.manager.details(job.id()).orElseThrow();
        assertEquals(JobState.COMPLETED, done.job().state());
        assertEquals(Set.of("i:new", "i:newer"), importedItems());
        assertEquals(1, destination.importCalls.get("i:new").get());
        assertEquals(Map.of("", 0L, "family", 1L), notSelected(done));
    }

    @Test
    public void detailsShowTheSelection() throws Exception {
        Selection selection = new Selection(FROM, TO, List.of("album family"), List.of("album work"));
        assertEquals(selection, run(selection).selection());
    }

    @Test
    public void aTransferWithoutSelectionCopiesEverything() throws Exception {
        TransferDetails done = run(Selection.ALL);
        assertEquals(source.totalItems(), importedItems().size());
        assertEquals(Selection.ALL, done.selection());
        done.containers().forEach(c -> assertEquals(0, c.notSelected()));
    }
}
