package org.dtp.core.registry;

import org.junit.Test;
import org.osgi.framework.Version;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;

public class ImportRangesTest {
    private static final Map<String, Set<Version>> EXPORTED = Map.of(
            "org.dtp.spi", Set.of(new Version(1, 3, 0)),
            "org.dtp.models", Set.of(new Version(1, 1, 0)),
            "org.dtp.models.media", Set.of(new Version(1, 0, 0)));

    @Test
    public void namesTheDtpPackagesWhoseRangesThisServerDoesNotMeet() {
        String header = "com.fasterxml.jackson.databind;version=\"[2.17,3)\",org.dtp.models;org.dtp.models.media;"
                + "version=\"[1.0,2)\",org.dtp.spi;version=\"[2.0,3)\",org.dtp.spi.http;version=\"[1.2,2)\"";
        assertEquals(List.of("org.dtp.spi [2.0.0,3.0.0) (this server has [1.3.0])",
                "org.dtp.spi.http [1.2.0,2.0.0) (this server has none)"), ImportRanges.unmet(header, EXPORTED));
    }

    @Test
    public void anAdapterBuiltAgainstAnOlderMinorVersionIsCompatible() {
        assertEquals(List.of(), ImportRanges.unmet("org.dtp.spi;version=\"[1.0,2)\",org.dtp.models;version=\"[1.1,2)\"", EXPORTED));
        assertEquals("optional imports do not count", List.of(),
                ImportRanges.unmet("org.dtp.extra;resolution:=optional;version=\"[1,2)\"", EXPORTED));
    }
}
