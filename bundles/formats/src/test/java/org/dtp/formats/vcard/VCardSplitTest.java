package org.dtp.formats.vcard;

import org.dtp.formats.testing.Samples;
import org.dtp.models.contacts.Contact;
import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

/** A .vcf file of many contacts, as phones and Google export them, taken apart into vCards that read alone. */
public class VCardSplitTest {
    @Test
    public void everyVCardOfAFileReadsAsItDoesAlone() throws Exception {
        List<String> samples = List.of("John_Doe_IPHONE.vcf", "John_Doe_EVOLUTION.vcf", "rfc6350-example.vcf");
        StringBuilder file = new StringBuilder();
        for (String sample : samples) {
            file.append(Samples.vcard(sample)).append("\r\n");
        }
        List<String> pieces = VCardFormat.split(file.toString());
        assertEquals(samples.size(), pieces.size());
        for (int i = 0; i < samples.size(); i++) {
            Contact alone = VCardFormat.read("x", Samples.vcard(samples.get(i)), "photo:x");
            assertEquals(samples.get(i), alone, VCardFormat.read("x", pieces.get(i), "photo:x"));
        }
    }

    @Test
    public void strayTextAndAVCardThatNeverEndsArePiecesTheReaderRefuses() throws Exception {
        String one = "BEGIN:VCARD\nVERSION:4.0\nFN:One\nEND:VCARD\n";
        List<String> pieces = VCardFormat.split("garbage line\n" + one + "\nBEGIN:VCARD\nVERSION:4.0\nFN:Cut");
        assertEquals(3, pieces.size());
        assertThrows(MalformedVCardException.class, () -> VCardFormat.read("x", pieces.get(0), "photo:x"));
        assertEquals("One", VCardFormat.read("x", pieces.get(1), "photo:x").formattedName());
        assertThrows(MalformedVCardException.class, () -> VCardFormat.read("x", pieces.get(2), "photo:x"));
    }
}
