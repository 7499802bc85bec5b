package org.dtp.webdav.testing;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real Xandikos CalDAV/CardDAV server for one test class ({@code @ClassRule}), started with its default address
 * book ({@link #addressBook()}) and calendar ({@link #calendar()}). Xandikos stores each resource in a git repository
 * much as it came: its iCalendar library escapes ',' in the values of properties it does not know, but nothing else
 * of the corpus changes, where Radicale's vobject cuts such values at their commas, escapes ';' in X- vCard
 * properties and refuses some resources. A round trip through it shows dtp's own losses through CalDAV/CardDAV. It
 * has no users (it is meant to run behind a proxy that authenticates): the adapters' Basic credentials are sent and
 * not checked. Skipped when it is not installed, unless {@value #REQUIRE} is {@code 1} (CI).
 */
public final class Xandikos extends DavServerProcess {
    public static final String REQUIRE = "DTP_REQUIRE_XANDIKOS";
    private static final Path PROGRAM = Path.of("/usr/bin/xandikos");
    private static final String HOW = "Xandikos (a CalDAV/CardDAV server) is needed for these tests and was not found. "
            + "Install it with `apt-get install -y xandikos` (Debian/Ubuntu, as root; 0.2.8 is tested); the tests start "
            + "it themselves on a free loopback port.";

    public Xandikos() {
        super("Xandikos", REQUIRE, HOW);
    }

    @Override
    protected boolean installed() {
        return Files.isExecutable(PROGRAM);
    }

    @Override
    protected List<String> command(Path folder, int port) {
        return List.of(PROGRAM.toString(), "--directory", folder.resolve("data").toString(), "--defaults",
                "--listen-address", "127.0.0.1", "--port", Integer.toString(port));
    }

    /** The address book Xandikos makes at its start. */
    public URI addressBook() {
        return url().resolve("user/contacts/addressbook/");
    }

    /** The calendar Xandikos makes at its start. */
    public URI calendar() {
        return url().resolve("user/calendars/calendar/");
    }
}
