package org.dtp.spi.http;

import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

public class FormEncodingTest {
    @Test
    public void encodesAllButUnreservedCharacters() {
        assertEquals("Ladies%20%2B%20Gentlemen", FormEncoding.percentEncode("Ladies + Gentlemen"));
        assertEquals("-._~azAZ09", FormEncoding.percentEncode("-._~azAZ09"));
        assertEquals("%E2%98%83", FormEncoding.percentEncode("☃"));
    }

    @Test
    public void decodesPlusAsSpaceAndUtf8Escapes() {
        assertEquals("a b c☃", FormEncoding.percentDecode("a+b%20c%E2%98%83"));
        assertEquals("100%", FormEncoding.percentDecode("100%"));
        assertEquals("été ok", FormEncoding.percentDecode("été+ok"));
    }

    @Test
    public void roundTripsPairs() {
        List<Map.Entry<String, String>> pairs = List.of(Map.entry("a", "1&2"), Map.entry("b c", ""), Map.entry("a", "=x"));
        assertEquals(pairs, FormEncoding.decode(FormEncoding.encode(pairs)));
    }
}
