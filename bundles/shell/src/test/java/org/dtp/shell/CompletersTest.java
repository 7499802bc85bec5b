package org.dtp.shell;

import org.apache.karaf.shell.api.console.CommandLine;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.JobState;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

public class CompletersTest {
    private final FakeTransferService service = new FakeTransferService();

    /** The command line as Karaf gives it when the cursor is at the end of {@code word}. */
    private static CommandLine typing(String word) {
        return new CommandLine() {
            public int getCursorArgumentIndex() {
                return 1;
            }

            public String getCursorArgument() {
                return word;
            }

            public int getArgumentPosition() {
                return word.length();
            }

            public String[] getArguments() {
                return new String[] {"dtp:start", word};
            }

            public int getBufferPosition() {
                return getBuffer().length();
            }

            public String getBuffer() {
                return "dtp:start " + word;
            }
        };
    }

    /** The command line as Karaf gives it with the cursor at the end of its last word. */
    private static CommandLine line(String... words) {
        return new CommandLine() {
            public int getCursorArgumentIndex() {
                return words.length - 1;
            }

            public String getCursorArgument() {
                return words[words.length - 1];
            }

            public int getArgumentPosition() {
                return getCursorArgument().length();
            }

            public String[] getArguments() {
                return words;
            }

            public int getBufferPosition() {
                return getBuffer().length();
            }

            public String getBuffer() {
                return String.join(" ", words);
            }
        };
    }

    private static List<String> trimmed(List<String> candidates) {
        return candidates.stream().map(String::trim).sorted().toList();
    }

    @Test
    public void verticalsAreCompletedInLowerCase() {
        List<String> candidates = new ArrayList<>();
        new VerticalCompleter().complete(null, typing("c"), candidates);

        assertEquals(List.of("calendar", "contacts"), trimmed(candidates));
    }

    @Test
    public void providersComeFromTheInstalledAdapters() {
        ProviderCompleter completer = new ProviderCompleter();
        completer.transfers = service;
        List<String> all = new ArrayList<>();
        List<String> s = new ArrayList<>();

        completer.complete(null, typing(""), all);
        completer.complete(null, typing("s"), s);

        assertEquals(List.of("localfs", "smugmug"), trimmed(all));
        assertEquals(List.of("smugmug"), trimmed(s));
    }

    @Test
    public void transferIdsAreCompleted() {
        UUID id = service.add(JobState.RUNNING, 0, 0, 0).id();
        TransferIdCompleter completer = new TransferIdCompleter();
        completer.transfers = service;
        List<String> candidates = new ArrayList<>();

        completer.complete(null, typing(id.toString().substring(0, 4)), candidates);

        assertEquals(List.of(id.toString()), trimmed(candidates));
    }

    private List<String> versions(String... words) {
        AdapterVersionCompleter completer = new AdapterVersionCompleter();
        completer.transfers = service;
        List<String> candidates = new ArrayList<>();
        completer.complete(null, line(words), candidates);
        return trimmed(candidates);
    }

    @Test
    public void versionsAreThoseOfTheProviderGivenBefore() {
        service.adapters.add(new AdapterInfo("localfs", "Local folder", "org.dtp.dtp-adapter-localfs",
                "0.3.0.SNAPSHOT", Map.of()));

        assertEquals(List.of("0.1.0", "0.3.0.SNAPSHOT"), versions("dtp:revoke", "localfs", ""));
        assertEquals(List.of("0.3.0.SNAPSHOT"), versions("dtp:revoke", "localfs", "0.3"));
        assertEquals(List.of("0.2.0"), versions("dtp:unrevoke", "smugmug", ""));
        assertEquals("an option and its value are skipped", List.of("0.2.0"),
                versions("dtp:revoke", "-r", "localfs", "smugmug", ""));
        assertEquals(List.of("0.2.0"), versions("dtp:revoke", "--reason", "bad build", "smugmug", ""));
    }

    @Test
    public void versionsOfAllAdaptersWhenTheProviderIsUnknownOrNotGivenYet() {
        assertEquals(List.of("0.1.0", "0.2.0"), versions("dtp:revoke", "nowhere", ""));
        assertEquals(List.of("0.2.0"), versions("dtp:revoke", "0.2"));
        assertEquals(List.of("0.1.0", "0.2.0"), versions(""));
    }
}
