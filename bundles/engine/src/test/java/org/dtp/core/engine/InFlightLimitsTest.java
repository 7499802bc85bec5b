package org.dtp.core.engine;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class InFlightLimitsTest {
    private final InFlightLimits limits = InFlightLimits.of(8, new String[] {"googlephotos=2", " graph = 3 "});

    @Test
    public void theImporterTheJobCapAndTheProviderCapLowerEachOther() {
        assertEquals(1, limits.limitFor("localfs", 1));
        assertEquals(4, limits.limitFor("localfs", 4));
        assertEquals(8, limits.limitFor("localfs", 50));
        assertEquals(2, limits.limitFor("googlephotos", 4));
        assertEquals(3, limits.limitFor("graph", 4));
    }

    @Test
    public void anImporterDeclaringNothingUsableTakesOne() {
        assertEquals(1, limits.limitFor("localfs", 0));
    }

    @Test
    public void entriesThatAreNotProviderEqualsAPositiveNumberAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> InFlightLimits.of(8, new String[] {"googlephotos"}));
        assertThrows(IllegalArgumentException.class, () -> InFlightLimits.of(8, new String[] {"=2"}));
        assertThrows(IllegalArgumentException.class, () -> InFlightLimits.of(8, new String[] {"x=two"}));
        assertThrows(IllegalArgumentException.class, () -> InFlightLimits.of(8, new String[] {"x=0"}));
        assertThrows(IllegalArgumentException.class, () -> InFlightLimits.of(0, new String[0]));
    }
}
