package org.dtp.adapters.archives.meta;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

/** Meta's archives escape each byte of UTF-8 as a character of its own ("Caf\u00c3\u00a9" in the file for "Café"). */
public class MetaTextTest {
    @Test
    public void utf8BytesEscapedOneByOneAreDecodedAsUtf8() {
        assertEquals("Café", MetaText.fix("Caf\u00c3\u00a9"));
        assertEquals("Grüße aus Köln", MetaText.fix("Gr\u00c3\u00bc\u00c3\u009fe aus K\u00c3\u00b6ln"));
        assertEquals("Привет", MetaText.fix("\u00d0\u009f\u00d1\u0080\u00d0\u00b8\u00d0\u00b2\u00d0\u00b5\u00d1\u0082"));
        assertEquals("ok \uD83D\uDE00", MetaText.fix("ok \u00f0\u009f\u0098\u0080"));
    }

    @Test
    public void textThatIsNotMojibakeIsLeftAsItIs() {
        assertEquals("plain ASCII", MetaText.fix("plain ASCII"));
        // Latin-1 characters that are not valid UTF-8 as bytes: real text, not mojibake.
        assertEquals("Café", MetaText.fix("Café"));
        assertEquals("Привет", MetaText.fix("Привет"));
    }
}
