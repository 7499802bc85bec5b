package org.dtp.adapters.smugmug;

import org.junit.Test;

import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

public class NamesTest {
    @Test
    public void urlNamesStartWithACapitalOrDigitAndFitSixtyCharacters() {
        assertEquals("Black-White-abc123", Names.urlName("Black & White", "abc123"));
        assertEquals("Trip-abc123", Names.urlName("trip", "abc123"));
        assertEquals("Ete-a-Paris-abc123", Names.urlName("été à Paris", "abc123"));
        assertEquals("Album-abc123", Names.urlName("東京", "abc123"));
        assertEquals("2011-Milan-abc123", Names.urlName("2011 / Milan", "abc123"));
        String long60 = Names.urlName("word ".repeat(40), "abc123");
        assertEquals(60, long60.length());
        assertFalse(long60, long60.contains("--"));
    }

    @Test
    public void albumNamesAreNeverEmptyNorLongerThan255() {
        assertEquals("Album", Names.albumName(" \t "));
        assertEquals(255, Names.albumName("x".repeat(300)).length());
        assertEquals("Trip (2)", Names.numbered("Trip", 2));
        assertEquals(255, Names.numbered("x".repeat(300), 12).length());
        assertTrue(Names.numbered("x".repeat(300), 12).endsWith(" (12)"));
    }

    @Test
    public void onlyPrintableAsciiWithoutSurroundingBlanksTravelsInHeaders() {
        assertTrue(Names.headerSafe("Duomo at noon"));
        assertFalse(Names.headerSafe("Café"));
        assertFalse(Names.headerSafe("two\nlines"));
        assertFalse(Names.headerSafe(" padded"));
    }

    @Test
    public void headerValuesEncodeNonAsciiLosslessly() {
        assertEquals("100%.jpg", SmugMugApi.headerValue("100%.jpg"));
        assertEquals("Stra%C3%9Fe 100%25.jpg", SmugMugApi.headerValue("Straße 100%.jpg"));
        assertEquals("Straße 100%.jpg", SmugMugApi.fromHeaderValue(SmugMugApi.headerValue("Straße 100%.jpg")));
        assertEquals("a b.jpg", SmugMugApi.headerValue("a\nb.jpg"));
        assertEquals("50%80 off.jpg", SmugMugApi.fromHeaderValue("50%80 off.jpg")); // not UTF-8: left alone
        assertEquals("%41.jpg", SmugMugApi.fromHeaderValue("%41.jpg")); // only non-ASCII escapes are ours
    }

    @Test
    public void markersDependOnTheJobAndTheKey() {
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        assertEquals(KeywordMarkers.image(a, "i:1"), KeywordMarkers.image(a, "i:1"));
        assertNotEquals(KeywordMarkers.image(a, "i:1"), KeywordMarkers.image(b, "i:1"));
        assertNotEquals(KeywordMarkers.image(a, "i:1"), KeywordMarkers.image(a, "i:2"));
        assertTrue(KeywordMarkers.image(a, "i:1").matches("dtp-i-[0-9a-f]{32}"));
        assertNotEquals(0, KeywordMarkers.fingerprint(KeywordMarkers.image(a, "i:1")));
        assertEquals(0, KeywordMarkers.fingerprint(KeywordMarkers.album(a, "c:1")));
        assertEquals(3, KeywordMarkers.overflowNumber(KeywordMarkers.overflow("AbC123", 3), "AbC123"));
        assertEquals(3, KeywordMarkers.overflowNumber(KeywordMarkers.overflow("AbC123", 3).toUpperCase(), "AbC123"));
        assertEquals(0, KeywordMarkers.overflowNumber(KeywordMarkers.overflow("AbC123", 3), "Other1"));
    }

    @Test
    public void longSetHoldsWhatWasAdded() {
        LongSet set = new LongSet();
        for (long i = 0; i < 10_000; i++) {
            assertTrue(set.add(i * 0x9E3779B97F4A7C15L));
        }
        assertFalse(set.add(0));
        assertEquals(10_000, set.size());
        assertTrue(set.contains(5 * 0x9E3779B97F4A7C15L));
        assertFalse(set.contains(42));
    }
}
