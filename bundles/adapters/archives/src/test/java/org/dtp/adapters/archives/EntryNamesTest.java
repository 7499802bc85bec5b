package org.dtp.adapters.archives;

import org.junit.Test;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;

public class EntryNamesTest {

    @Test
    public void relativePathsInsideTheArchiveAreSafe() {
        assertNull(EntryNames.unsafe("Takeout/Google Photos/Photos from 2019/IMG_0001.jpg"));
        assertNull(EntryNames.unsafe("Takeout/Google Photos/..and more/IMG..0001.jpg"));
    }

    @Test
    public void zipSlipAbsoluteAndDrivePathsAreNot() {
        assertNotNull(EntryNames.unsafe("Takeout/../../etc/passwd"));
        assertNotNull(EntryNames.unsafe(".."));
        assertNotNull(EntryNames.unsafe("/etc/passwd"));
        assertNotNull(EntryNames.unsafe("C:/Windows/win.ini"));
        assertNotNull(EntryNames.unsafe("Takeout\\..\\..\\win.ini"));
        assertNotNull(EntryNames.unsafe("Takeout/a\u0000.jpg"));
        assertNotNull(EntryNames.unsafe(""));
    }
}
