package org.dtp.formats.files;

import org.junit.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class FileNamesTest {
    @Test
    public void pathSeparatorsBecomeUnderscores() {
        assertEquals("a_b", FileNames.sanitise("a/b", "x"));
        assertEquals("a_b", FileNames.sanitise("a\\b", "x"));
        assertEquals("_x", FileNames.sanitise("../x", "x"));
    }

    @Test
    public void dotsAloneLeaveTheFallback() {
        assertEquals("fallback", FileNames.sanitise("..", "fallback"));
        assertEquals("fallback", FileNames.sanitise(" . ", "fallback"));
        assertEquals("fallback", FileNames.sanitise(null, "fallback"));
    }

    @Test
    public void controlAndBidiCharactersAreDropped() {
        assertEquals("ab.jpg", FileNames.sanitise("a\u0000b\n.jpg", "x"));
        assertEquals("photo.jpg", FileNames.sanitise("photo\u202E.jpg", "x"));
    }

    @Test
    public void windowsDeviceNamesAreDefused() {
        assertEquals("_con", FileNames.sanitise("con\u0000", "x"));
        assertEquals("_NUL.txt", FileNames.sanitise("NUL.txt", "x"));
        assertEquals("console", FileNames.sanitise("console", "x"));
    }

    @Test
    public void leadingDotsAndTrailingDotsAndSpacesGo() {
        assertEquals("hidden.jpg", FileNames.sanitise(".hidden.jpg", "x"));
        assertEquals("name", FileNames.sanitise("  name. . ", "x"));
    }

    @Test
    public void reservedPunctuationIsReplaced() {
        assertEquals("12_30 _why__", FileNames.sanitise("12:30 \"why?\"", "x"));
    }

    @Test
    public void unicodeIsKeptInComposedForm() {
        assertEquals("Zürich 東京 😀", FileNames.sanitise("Zu\u0308rich 東京 😀", "x"));
    }

    @Test
    public void longNamesAreCutKeepingTheExtension() {
        String name = FileNames.sanitise("é".repeat(300) + ".jpeg", "x");
        assertTrue(name.endsWith("é.jpeg"));
        assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= FileNames.MAX_NAME_BYTES);
    }

    @Test
    public void numberingGoesBeforeTheExtensionOfFilesAndAtTheEndOfFolders() {
        assertEquals("IMG_1.jpg", FileNames.numberedFile("IMG_1.jpg", 1));
        assertEquals("IMG_1 (2).jpg", FileNames.numberedFile("IMG_1.jpg", 2));
        assertEquals("noext (3)", FileNames.numberedFile("noext", 3));
        assertEquals("Trip 2024.05 (2)", FileNames.numberedFolder("Trip 2024.05", 2));
    }
}
