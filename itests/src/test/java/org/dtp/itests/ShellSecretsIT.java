package org.dtp.itests;

import org.junit.ClassRule;
import org.junit.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Secrets given to dtp:start in an interactive shell (bin/client over ssh, as an operator types) reach no file the
 * server writes: neither data/log/karaf.log (whose lines carry the thread name, which the shell sets to the command
 * line) nor the shell's history, which is owner-only. The secret is a {@code password} setting of a local folder
 * transfer: the local folder adapter ignores it, so the transfer is accepted and logged as any transfer is.
 */
public class ShellSecretsIT {
    /** A transfer's id as dtp:start prints it (the terminal's redraws may put it after a prompt); not the secrets' ids. */
    private static final Pattern JOB_ID = Pattern.compile("(?<![\\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\\w-])");

    @ClassRule
    public static final LocalFoldersServer SERVER = new LocalFoldersServer("shell-secrets");

    @Test
    public void secretsTypedAtTheShellReachNeitherTheLogNorTheHistory() throws Exception {
        ServerProcess server = SERVER.server();
        Path work = SERVER.work();
        Path source = work.resolve("source");
        MediaFolders.generate(source, 1, 2);
        Path destination = work.resolve("destination");
        String prompted = "Prompted-" + UUID.randomUUID();
        String fromFile = "FromFile-" + UUID.randomUUID();
        String inline = "Inline-" + UUID.randomUUID();
        Path secretFile = work.resolve("password.txt");
        Files.writeString(secretFile, fromFile + "\n");
        Files.setPosixFilePermissions(secretFile, PosixFilePermissions.fromString("rw-------"));
        String endpoints = " -d path=" + destination + " media localfs localfs\n";

        String out = server.shell("dtp:start -s path=" + source + " -s password" + endpoints
                + prompted + "\n"
                + "dtp:start -s path=" + source + " -s password=@" + secretFile + endpoints
                + "dtp:start -s path=" + source + " -s password=" + inline + endpoints
                + "logout\n");

        List<String> ids = ids(out);
        assertEquals("the prompt and the file form each start a transfer: " + out, 2, ids.size());
        assertTrue("an inline secret is refused: " + out, out.contains("is not taken on the command line"));
        assertFalse("the typed secret is not echoed", out.contains(prompted));

        Path log = server.home.resolve("data/log/karaf.log");
        String logText = awaitText(log, text -> ids.stream().allMatch(id -> text.contains("transfer " + id + " of operator queued")));
        for (String secret : List.of(prompted, fromFile, inline)) {
            assertFalse("karaf.log holds " + secret, logText.contains(secret));
        }
        assertFalse("no log line names its thread after a command line", logText.contains(" -s path="));

        Path history = server.home.resolve(".karaf/karaf.history");
        String historyText = Files.readString(history, StandardCharsets.UTF_8);
        assertTrue("the prompt form stays in the history: " + historyText, historyText.contains(" -s password -d path="));
        assertTrue("the file form stays in the history: " + historyText, historyText.contains(" -s password=@" + secretFile));
        assertFalse("the refused line is kept out of the history: " + historyText, historyText.contains(inline));
        assertOwnerOnly(history);
        assertOwnerOnly(history.getParent());

        for (Path file : filesUnder(server.home)) {
            String bytes; // one char per byte: the ASCII secrets are found wherever their bytes are
            try {
                bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            } catch (NoSuchFileException gone) { // a temporary file the server removed meanwhile
                continue;
            }
            for (String secret : List.of(prompted, fromFile, inline)) {
                assertFalse(file + " holds " + secret, bytes.contains(secret));
            }
        }
    }

    private static List<String> ids(String clientOutput) {
        List<String> ids = new ArrayList<>();
        Matcher m = JOB_ID.matcher(clientOutput);
        while (m.find()) {
            ids.add(m.group());
        }
        return ids;
    }

    /** The text of {@code file} once {@code done} holds for it (the log is written a moment after the command ends). */
    private static String awaitText(Path file, Predicate<String> done) throws Exception {
        Instant end = Instant.now().plusSeconds(30);
        String text = "";
        while (Instant.now().isBefore(end)) {
            text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            if (done.test(text)) {
                return text;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(file + " never showed what was awaited:\n" + text);
    }

    private static void assertOwnerOnly(Path path) throws IOException {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path);
        assertTrue(path + " is " + PosixFilePermissions.toString(mode), mode.stream().allMatch(p -> p.name().startsWith("OWNER_")));
    }

    /** Every file the server wrote or keeps settings in: data/ (log, job store, caches), etc/ and the history folder. */
    private static List<Path> filesUnder(Path home) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String folder : List.of("data", "etc", ".karaf")) {
            Files.walkFileTree(home.resolve(folder), new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile()) {
                        files.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) { // removed while walked
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        return files;
    }
}
