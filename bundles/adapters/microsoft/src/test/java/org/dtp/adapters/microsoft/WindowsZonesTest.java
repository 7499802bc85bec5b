package org.dtp.adapters.microsoft;

import org.junit.Test;

import java.io.InputStream;
import java.time.ZoneId;
import java.util.Optional;
import java.util.Properties;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class WindowsZonesTest {
    @Test
    public void windowsNamesAreTheirCldrZones() {
        assertEquals(Optional.of(ZoneId.of("Europe/Berlin")), WindowsZones.of("W. Europe Standard Time"));
        assertEquals(Optional.of(ZoneId.of("America/Los_Angeles")), WindowsZones.of("Pacific Standard Time"));
        assertEquals(Optional.of(ZoneId.of("Asia/Kolkata")), WindowsZones.of("India Standard Time"));
        assertEquals(Optional.of(ZoneId.of("Australia/Sydney")), WindowsZones.of(" AUS Eastern Standard Time "));
        assertEquals(Optional.empty(), WindowsZones.of("tzone://Microsoft/Custom"));
        assertEquals(Optional.empty(), WindowsZones.of("Europe/Berlin")); // an IANA id is no Windows name
        assertEquals(Optional.empty(), WindowsZones.of(null));
    }

    @Test
    public void everyNameInTheTableIsAZoneThisJavaKnows() throws Exception {
        Properties table = new Properties();
        try (InputStream in = WindowsZones.class.getResourceAsStream("windows-zones.properties")) {
            table.load(in);
        }
        assertEquals(139, table.size());
        for (String name : table.stringPropertyNames()) {
            assertTrue(name + " → " + table.getProperty(name), WindowsZones.of(name).isPresent());
        }
    }
}
