package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.junit.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.dtp.transfer.Selection.Scope.COPY;
import static org.dtp.transfer.Selection.Scope.LOOK_INTO;
import static org.dtp.transfer.Selection.Scope.SKIP;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class SelectionTest {
    private static final Instant T = Instant.parse("2024-06-01T00:00:00Z");

    private static Selection containers(List<String> names, List<String> excluded) {
        return new Selection(null, null, names, excluded);
    }

    @Test
    public void withoutNamesEveryContainerIsCopied() {
        assertEquals(COPY, Selection.ALL.scopeOf(List.of()));
        assertEquals(COPY, Selection.ALL.scopeOf(List.of("Trips", "2024")));
    }

    @Test
    public void aNameMatchesItsContainerCaseInsensitivelyAndWhatIsNestedInIt() {
        Selection trips = containers(List.of("trips"), List.of());
        assertEquals(COPY, trips.scopeOf(List.of("Trips")));
        assertEquals(COPY, trips.scopeOf(List.of("TRIPS", "2024")));
        assertEquals(SKIP, trips.scopeOf(List.of("Family")));
        assertEquals("the top is read for its containers, its own items are not selected", LOOK_INTO, trips.scopeOf(List.of()));
    }

    @Test
    public void aNameMatchesANestedContainerReachedThroughAPath() {
        Selection byOwnName = containers(List.of("2024"), List.of());
        assertEquals(COPY, byOwnName.scopeOf(List.of("Trips", "2024")));
        Selection byPath = containers(List.of("Trips/2024"), List.of());
        assertEquals(LOOK_INTO, byPath.scopeOf(List.of("trips")));
        assertEquals(COPY, byPath.scopeOf(List.of("trips", "2024")));
        assertEquals(SKIP, byPath.scopeOf(List.of("trips", "2023")));
        assertEquals(SKIP, byPath.scopeOf(List.of("Family")));
    }

    @Test
    public void exclusionWinsAndHoldsForWhatIsNestedInIt() {
        Selection selection = containers(List.of("Trips"), List.of("trips/2024", "Spam"));
        assertEquals(COPY, selection.scopeOf(List.of("Trips")));
        assertEquals(SKIP, selection.scopeOf(List.of("Trips", "2024")));
        assertEquals(SKIP, selection.scopeOf(List.of("Trips", "2024", "June")));
        assertEquals(SKIP, containers(List.of(), List.of("spam")).scopeOf(List.of("INBOX", "Spam")));
    }

    @Test
    public void aDateRangeIncludesItsStartExcludesItsEndAndLeavesOutUndatedItems() {
        Selection range = new Selection(T, T.plusSeconds(60), List.of(), List.of());
        assertTrue(range.selects(photo(T)));
        assertTrue(range.selects(photo(T.plusSeconds(59))));
        assertFalse(range.selects(photo(T.plusSeconds(60))));
        assertFalse(range.selects(photo(T.minusMillis(1))));
        assertFalse(range.selects(photo(null)));
        assertTrue("without a range every item is selected", Selection.ALL.selects(photo(null)));
    }

    @Test
    public void boundsAreReadAsInstantsDateTimesWithOffsetOrDatesInUtc() {
        assertEquals(Instant.parse("2024-05-01T00:00:00Z"), Selection.instant("2024-05-01"));
        assertEquals(Instant.parse("2024-05-01T12:00:00Z"), Selection.instant("2024-05-01T12:00:00Z"));
        assertEquals(Instant.parse("2024-05-01T12:00:00Z"), Selection.instant(" 2024-05-01T14:00:00+02:00 "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.instant("May 1st"))
                .getMessage().contains("'May 1st' is no date"));
    }

    @Test
    public void isRefusedWithWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Selection(T, T, List.of(), List.of()))
                .getMessage().contains("must be after"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> containers(List.of(" "), List.of()))
                .getMessage().contains("'containers' holds a blank name"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> containers(List.of(), java.util.Arrays.asList("a", null)))
                .getMessage().contains("'excludeContainers' holds a blank name"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> containers(List.of("x".repeat(Selection.MAX_NAME_LENGTH + 1)), List.of()))
                .getMessage().contains("longer than"));
    }

    @Test
    public void aDateRangeIsRefusedForAVerticalWhoseItemsHaveNoDate() {
        TransferEndpoint any = new TransferEndpoint("p", Map.of());
        Selection range = new Selection(T, null, List.of(), List.of());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new TransferRequest(Vertical.CONTACTS, any, any, "ann", range));
        assertTrue(refused.getMessage(), refused.getMessage().contains("a date range cannot select contacts"));
        assertThrows(IllegalArgumentException.class, () -> new TransferRequest(Vertical.PLAYLISTS, any, any, "ann", range));
        assertEquals(range, new TransferRequest(Vertical.MAIL, any, any, "ann", range).selection());
        Selection byName = containers(List.of("Friends"), List.of());
        assertEquals(byName, new TransferRequest(Vertical.CONTACTS, any, any, "ann", byName).selection());
        assertEquals(Selection.ALL, new TransferRequest(Vertical.CONTACTS, any, any, "ann").selection());
    }

    private static org.dtp.models.media.MediaItem photo(Instant takenAt) {
        return org.dtp.models.media.MediaItem.builder().id("p").kind(org.dtp.models.media.MediaKind.PHOTO)
                .fileName("p.jpg").takenAt(takenAt).content(new org.dtp.models.MediaRef("p", "image/jpeg", 1)).build();
    }
}
