package org.dtp.adapters.microsoft;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The IANA zone of a Windows time zone name ({@code W. Europe Standard Time}), which Outlook and Graph write where
 * iCalendar and Java use IANA ids: CLDR's mapping for territory 001 ({@code windows-zones.properties}, its source in
 * its header). A table of constants read once, as a class's static data.
 */
public final class WindowsZones {
    private static final Map<String, String> IANA_BY_WINDOWS_NAME = load();

    private WindowsZones() {
    }

    /** The IANA zone CLDR gives for {@code windowsName}; empty for a name it does not list. */
    public static Optional<ZoneId> of(String windowsName) {
        String iana = windowsName == null ? null : IANA_BY_WINDOWS_NAME.get(windowsName.strip());
        if (iana == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(ZoneId.of(iana));
        } catch (DateTimeException e) {
            return Optional.empty(); // a zone this Java's tz database does not have
        }
    }

    private static Map<String, String> load() {
        Properties table = new Properties();
        try (InputStream in = WindowsZones.class.getResourceAsStream("windows-zones.properties")) {
            if (in == null) {
                throw new IllegalStateException("windows-zones.properties is missing from the bundle");
            }
            table.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("windows-zones.properties cannot be read", e);
        }
        return table.stringPropertyNames().stream().collect(Collectors.toUnmodifiableMap(n -> n, table::getProperty));
    }
}
