package org.dtp.formats.vcard;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.PartialDate;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** What vCard text the reader refuses, and what it keeps of values it cannot read. */
public class VCardFormatTest {
    @Test
    public void vCardsThatCannotBeReadWholeAreRefused() {
        String[] broken = {
                "not a vCard at all",
                "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:One\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Two\r\nEND:VCARD\r\n",
                "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Cut\r\nTHIS LINE HAS NO COLON\r\nEND:VCARD\r\n",
                "BEGIN:VCARD\r\nVERSION:5.0\r\nFN:Future\r\nEND:VCARD\r\n"};
        for (String text : broken) {
            assertThrows(text, MalformedVCardException.class, () -> VCardFormat.read("x", text, "photo:x"));
        }
    }

    @Test
    public void aValueThatCannotBeReadIsCarriedAsItIs() throws Exception {
        Contact c = VCardFormat.read("x", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:R\r\nREV:yesterday\r\nEND:VCARD\r\n", "photo:x");
        assertEquals(null, c.revision());
        assertEquals(List.of(new ExtendedProperty("REV", Map.of(), "yesterday")), c.extended());
        assertTrue(VCardFormat.write(c, VCardVersion.V4_0, "u", null).contains("\r\nREV:yesterday\r\n"));
    }

    @Test
    public void aBirthdayThatIsNoDateIsKeptAsText() throws Exception {
        Contact c = VCardFormat.read("x", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Old\r\nBDAY:circa 1800\r\nEND:VCARD\r\n", "photo:x");
        assertEquals(new PartialDate(null, null, null, "circa 1800"), c.birthday());
    }

    /** Radicale 3.1.8 writes Android's {@code X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Bob;1;;} with every ';' escaped. */
    @Test
    public void androidsCustomPropertyWhoseEverySeparatorAServerEscapedIsReadWithItsSeparators() throws Exception {
        String stored = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nX-ANDROID-CUSTOM:vnd.android.cursor.item/nickname\\;Bobby\\;1\\;\\;\r\nEND:VCARD\r\n";
        assertEquals(new ExtendedProperty("X-ANDROID-CUSTOM", Map.of(), "vnd.android.cursor.item/nickname;Bobby;1;;"),
                VCardFormat.read("x", stored, "photo:x").extended().get(0));
        assertEquals("a field's own escaped ';' beside separators stays", "vnd.android.cursor.item/nickname;A\\;B;1",
                VCardFormat.separatorsUnescaped("vnd.android.cursor.item/nickname;A\\;B;1"));
        assertEquals("an escaped backslash before a separator", "x\\\\;y", VCardFormat.separatorsUnescaped("x\\\\;y"));
        assertEquals("no ';' at all", "vnd.android.cursor.item/x", VCardFormat.separatorsUnescaped("vnd.android.cursor.item/x"));
    }
}
