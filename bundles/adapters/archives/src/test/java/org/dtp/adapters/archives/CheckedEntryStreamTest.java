package org.dtp.adapters.archives;

import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class CheckedEntryStreamTest {

    @Test
    public void anEntryOfItsDeclaredSizeReadsWhole() throws IOException {
        try (InputStream in = new CheckedEntryStream(new ByteArrayInputStream(new byte[]{1, 2, 3}), "a.jpg", 3)) {
            assertArrayEquals(new byte[]{1, 2, 3}, in.readAllBytes());
        }
    }

    @Test
    public void anEntryYieldingMoreThanItDeclaresFailsAtTheFirstExtraByte() {
        InputStream in = new CheckedEntryStream(new ByteArrayInputStream(new byte[1000]), "bomb.jpg", 10);
        IOException e = assertThrows(IOException.class, in::readAllBytes);
        assertTrue(e.getMessage(), e.getMessage().contains("more than its declared 10 bytes"));
    }

    @Test
    public void anEntryEndingBeforeItsDeclaredSizeFailsAtItsEnd() {
        InputStream in = new CheckedEntryStream(new ByteArrayInputStream(new byte[5]), "cut.jpg", 10);
        IOException e = assertThrows(IOException.class, in::readAllBytes);
        assertTrue(e.getMessage(), e.getMessage().contains("ends after 5 of its declared 10 bytes"));
    }
}
