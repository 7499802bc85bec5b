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
import static org.junit.Assert.assertFalse;
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

    private static final SecretPrompt NO_PROMPT = prompt -> {
        throw new AssertionError("asked for " + prompt);
    };

    @Test
    public void settingsAreKeyValuePairs() throws CommandException {
        assertEquals(Map.of("path", "/a=b", "user", ""), Format.settings(List.of("path=/a=b", "user="), "-s", NO_PROMPT));
        assertEquals(Map.of(), Format.settings(null, "-s", NO_PROMPT));
        CommandException e = assertThrows(CommandException.class, () -> Format.settings(List.of("path"), "-d", NO_PROMPT));
        assertEquals("Option -d takes key=value, not 'path'", e.getMessage());
        assertThrows(CommandException.class, () -> Format.settings(List.of("=x"), "-s", NO_PROMPT));
    }

    @Test
    public void aSecretTypedOnTheCommandLineIsRefusedWithTheWaysThatWork() {
        CommandException e = assertThrows(CommandException.class,
                () -> Format.settings(List.of("host=imap.example.org", "password=hunter2"), "-s", NO_PROMPT));

        assertTrue(e.getMessage(), e.getMessage().contains("-s password=@/path/to/file"));
        assertTrue(e.getMessage(), e.getMessage().contains("'-s password'"));
        assertFalse("the refusal does not repeat the secret", e.getMessage().contains("hunter2"));
        assertThrows(CommandException.class, () -> Format.settings(List.of("apiKey=k"), "-d", NO_PROMPT));
    }

    @Test
    public void aSecretNamedAloneIsAskedFor() throws CommandException {
        List<String> asked = new java.util.ArrayList<>();

        Map<String, String> settings = Format.settings(List.of("username=ann", "password"), "-s", prompt -> {
            asked.add(prompt);
            return "hunter2";
        });

        assertEquals(Map.of("username", "ann", "password", "hunter2"), settings);
        assertEquals(List.of("password (-s): "), asked);
        assertThrows(CommandException.class, () -> Format.settings(List.of("password"), "-s", prompt -> ""));
    }

    @Test
    public void aValueMayComeFromAFileWithoutItsLineEnd() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("secret", ".txt");
        try {
            java.nio.file.Files.writeString(file, "hunter2\n");

            assertEquals(Map.of("password", "hunter2"), Format.settings(List.of("password=@" + file), "-d", NO_PROMPT));
            CommandException missing = assertThrows(CommandException.class,
                    () -> Format.settings(List.of("password=@" + file + ".gone"), "-d", NO_PROMPT));
            assertTrue(missing.getMessage(), missing.getMessage().startsWith("Option -d: could not read the value of 'password'"));
        } finally {
            java.nio.file.Files.delete(file);
        }
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
