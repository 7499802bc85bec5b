package org.dtp.formats.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * The sample vCard and iCalendar files of {@code samples/vcard} and {@code samples/ical} (see the README next to
 * them for their sources and licences), and small generated ones; shared with the DAV adapters' tests.
 */
public final class Samples {
    private Samples() {
    }

    /** The sample vCard file {@code name}, e.g. {@code John_Doe_IPHONE.vcf}. */
    public static String vcard(String name) throws IOException {
        return read("/samples/vcard/" + name);
    }

    /** The vCards of {@code samples/vcard-corpus}, real-world shaped (see the README there), by file name. */
    public static final List<String> VCARD_CORPUS = List.of("android-2.1.vcf", "apple-contacts-macos13.vcf",
            "google-contacts.vcf", "nextcloud-synology.vcf", "outlook-2016.vcf", "rfc2426-dawson.vcf",
            "rfc6350-altid-pid.vcf", "synology-formfeed.vcf");

    /** The corpus vCard {@code name} (one of {@link #VCARD_CORPUS}). */
    public static String vcardCorpus(String name) throws IOException {
        return read("/samples/vcard-corpus/" + name);
    }

    /** The sample iCalendar file {@code name}, e.g. {@code outlook-2010.ics}. */
    public static String icalendar(String name) throws IOException {
        return read("/samples/ical/" + name);
    }

    /** A one-hour event "Event {@code i}" on March {@code i + 1}, 2024, UTC, with a UID of its own. */
    public static String event(int i) {
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dtp tests//EN\r\nBEGIN:VEVENT\r\nUID:e" + i + "-" + UUID.randomUUID()
                + "\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:202403" + String.format("%02d", i + 1) + "T100000Z\r\nDURATION:PT1H\r\nSUMMARY:Event "
                + i + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = Samples.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no sample " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
