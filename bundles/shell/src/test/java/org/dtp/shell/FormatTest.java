package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.Direction;
import org.junit.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class FormatTest {

    @Test
    public void bytesAreHumanReadableInBinaryUnits() {
        assertEquals("0 B", Format.bytes(0));
        assertEquals("1023 B", Format.bytes(1023));
        assertEquals("1.0 KiB", Format.bytes(1024));
        assertEquals("1.5 KiB", Format.bytes(1536));
        assertEquals("3.0 MiB", Format.bytes(3L * 1024 * 1024));
        assertEquals("5.0 GiB", Format.bytes(5L << 30));
        assertEquals("8.0 EiB", Format.bytes(Long.MAX_VALUE));
    }

    @Test
    public void barsShowAPartOfAWhole() {
        assertEquals("[----------]", Format.bar(0, 10, 10));
        assertEquals("[#####-----]", Format.bar(5, 10, 10));
        assertEquals("[##########]", Format.bar(10, 10, 10));
        assertEquals("[##########]", Format.bar(20, 10, 10));
        assertEquals("[----------]", Format.bar(3, 0, 10));
    }

    @Test
    public void timesAreLocalToTheSecond() {
        Instant t = Instant.parse("2026-12-03T10:00:00.123Z");
        String expected = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                .format(t.atZone(ZoneId.systemDefault()));
        assertEquals(expected, Format.time(t));
        assertEquals("-", Format.time(null));
    }

    @Test
    public void settingsAreKeyValuePairs() throws CommandException {
        assertEquals(Map.of("path", "/a=b", "user", ""), Format.settings(List.of("path=/a=b", "user="), "-s"));
        assertEquals(Map.of(), Format.settings(null, "-s"));
        CommandException e = assertThrows(CommandException.class, () -> Format.settings(List.of("path"), "-d"));
        assertEquals("Option -d takes key=value, not 'path'", e.getMessage());
        assertThrows(CommandException.class, () -> Format.settings(List.of("=x"), "-s"));
    }

    @Test
    public void idsAndVerticalsAreParsedWithClearErrors() throws CommandException {
        UUID id = UUID.randomUUID();
        assertEquals(id, Format.id(" " + id + " "));
        assertTrue(assertThrows(CommandException.class, () -> Format.id("42")).getMessage().contains("Not a transfer id"));
        assertTrue(assertThrows(CommandException.class, () -> Format.vertical("fax")).getMessage()
                .contains("unknown vertical 'fax'"));
    }

    @Test
    public void directionsAndCounts() {
        assertEquals("export, import", Format.directions(Set.of(Direction.IMPORT, Direction.EXPORT)));
        assertEquals("1 item", Format.count(1, "item"));
        assertEquals("2 errors", Format.count(2, "error"));
    }
}
