package org.dtp.formats.vcard;

import org.dtp.formats.testing.Samples;
import org.dtp.models.contacts.Contact;
import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;

/** Real vCards (2.1, 3.0, 4.0) read, written again and read back: the same contact, with no server between. */
public class VCardRoundTripTest {
    private static final List<String> SAMPLES = List.of("John_Doe_IPHONE.vcf", "John_Doe_EVOLUTION.vcf",
            "John_Doe_MS_OUTLOOK.vcf", "rfc6350-example.vcf");

    @Test
    public void everySampleReadsTheSameWrittenAsVCard4() throws Exception {
        for (String sample : SAMPLES) {
            String text = Samples.vcard(sample);
            Contact read = VCardFormat.read(sample, text, "photo:" + sample);
            byte[] photo = VCardFormat.inlinePhoto(text).orElse(null);
            String written = VCardFormat.write(read, VCardVersion.V4_0, null, photo);
            Contact again = VCardFormat.read(sample, written, "photo:" + sample);
            assertEquals(sample, List.of(), ContactDifferences.between(read, again, true));
            assertEquals(sample, read, again);
            if (photo != null) {
                assertArrayEquals(sample, photo, VCardFormat.inlinePhoto(written).orElseThrow());
            }
        }
    }

    @Test
    public void aPhotoBecomesTheCallersReferenceWithItsTypeAndSize() throws Exception {
        String text = Samples.vcard("John_Doe_IPHONE.vcf");
        Contact c = VCardFormat.read("/book/john.vcf", text, "archive-photo:john");
        assertNotNull(c.photo());
        assertEquals("archive-photo:john", c.photo().uri());
        assertEquals("image/jpeg", c.photo().contentType());
        assertEquals(VCardFormat.inlinePhoto(text).orElseThrow().length, c.photo().size());
    }

    @Test
    public void aUidIsWrittenOnlyWhenTheContactHasNone() throws Exception {
        Contact outlook = VCardFormat.read("x", Samples.vcard("John_Doe_MS_OUTLOOK.vcf"), "photo:x");
        assertEquals(null, outlook.uid());
        assertEquals("urn:uuid:given", VCardFormat.read("x", VCardFormat.write(outlook, VCardVersion.V3_0, "urn:uuid:given", null),
                "photo:x").uid());
        Contact evolution = VCardFormat.read("y", Samples.vcard("John_Doe_EVOLUTION.vcf"), "photo:y");
        String own = VCardFormat.read("y", VCardFormat.write(evolution, VCardVersion.V3_0, "urn:uuid:given", null), "photo:y").uid();
        assertEquals("477343c8e6bf375a9bac1f96a5000837", own);
    }

    @Test
    public void vCardVersionsAreNamedAsVersionWritesThem() {
        assertEquals(java.util.Optional.of(VCardVersion.V3_0), VCardVersion.of(" 3.0 "));
        assertEquals(java.util.Optional.of(VCardVersion.V4_0), VCardVersion.of("4.0"));
        assertEquals(java.util.Optional.empty(), VCardVersion.of("2.1"));
        assertEquals(java.util.Optional.empty(), VCardVersion.of(null));
        assertEquals("4.0", VCardVersion.V4_0.text());
    }
}
