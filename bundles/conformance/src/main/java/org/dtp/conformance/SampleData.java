package org.dtp.conformance;

import org.dtp.kit.testing.GeneratedStream;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.Classification;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.Organizer;
import org.dtp.models.calendar.ParticipationStatus;
import org.dtp.models.calendar.Transparency;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.ContactKind;
import org.dtp.models.contacts.Organization;
import org.dtp.models.contacts.PartialDate;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Sample containers and items of one vertical, built from the canonical models, with the bytes behind their media
 * references. {@link #of} gives the kit's shared samples: two containers, the first with five items (so that an
 * exporter configured with a page size of 2 pages three times), the second with two; values are ordinary ones a
 * person has (names with accents, time zones, attendees, flags...), not edge cases, which adapters test themselves.
 * An adapter whose service cannot hold some of them narrows them with {@link #filter} and says why in its test.
 */
public final class SampleData<C extends ContainerModel, I extends ItemModel> {
    /** A container and the items in it, in order; a null container: the items are at the root. */
    public record Box<C, I>(C container, List<I> items) {
        public Box {
            items = List.copyOf(items);
        }
    }

    private final Vertical vertical;
    private final List<Box<C, I>> boxes;
    private final Map<String, MediaSource> media;

    public SampleData(Vertical vertical, List<Box<C, I>> boxes, Map<String, MediaSource> media) {
        this.vertical = Objects.requireNonNull(vertical, "vertical");
        this.boxes = List.copyOf(boxes);
        this.media = Map.copyOf(media);
    }

    public Vertical vertical() {
        return vertical;
    }

    public List<Box<C, I>> boxes() {
        return boxes;
    }

    /** Every item, container after container. */
    public List<I> items() {
        List<I> all = new ArrayList<>();
        boxes.forEach(b -> all.addAll(b.items()));
        return all;
    }

    /** Opens the bytes behind a sample's media reference. */
    public InputStream open(MediaRef ref) throws IOException {
        MediaSource source = media.get(ref.uri());
        if (source == null) {
            throw new IOException("no sample media behind '" + ref.uri() + "'");
        }
        return source.open();
    }

    /** These samples without the items {@code keep} refuses (say the recurring event a service cannot hold). */
    public SampleData<C, I> filter(Predicate<? super I> keep) {
        List<Box<C, I>> kept = new ArrayList<>();
        for (Box<C, I> box : boxes) {
            kept.add(new Box<>(box.container(), box.items().stream().filter(keep).map(i -> (I) i).toList()));
        }
        return new SampleData<>(vertical, kept, media);
    }

    /**
     * These samples all in {@code container}, or at the root when it is null, in order: for a service whose accounts
     * have one container of their own (an X timeline) or none (Instagram), filled by an export-only adapter's seed.
     */
    public SampleData<C, I> in(C container) {
        return new SampleData<>(vertical, List.of(new Box<>(container, items())), media);
    }

    /** These samples with every media stream passed through {@code wrap} (a {@link HeapWatch}, say) as it is opened. */
    public SampleData<C, I> mapMedia(java.util.function.UnaryOperator<InputStream> wrap) {
        Map<String, MediaSource> wrapped = new LinkedHashMap<>();
        media.forEach((uri, source) -> wrapped.put(uri, () -> wrap.apply(source.open())));
        return new SampleData<>(vertical, boxes, wrapped);
    }

    /** The kit's shared samples of {@code vertical}; the caller names the vertical's container and item types. */
    @SuppressWarnings("unchecked")
    public static <C extends ContainerModel, I extends ItemModel> SampleData<C, I> of(Vertical vertical) {
        return (SampleData<C, I>) switch (vertical) {
            case MEDIA -> media();
            case CONTACTS -> contacts();
            case CALENDAR -> calendar();
            case TASKS -> tasks();
            case MAIL -> mail();
            case PLAYLISTS -> playlists();
            case SOCIAL -> social();
        };
    }

    /**
     * One container holding one item whose media is {@code bytes} long (a video of generated bytes, or a message with a
     * generated body), made as it is read: nothing holds it whole. Only MEDIA and MAIL carry media that large.
     */
    @SuppressWarnings("unchecked")
    public static <C extends ContainerModel, I extends ItemModel> SampleData<C, I> large(Vertical vertical, long bytes) {
        String uri = "sample:large/" + bytes;
        return (SampleData<C, I>) switch (vertical) {
            case MEDIA -> new SampleData<>(vertical, List.of(new Box<>(new PhotoAlbum("album-large", "Large files", null),
                    List.of(MediaItem.builder()
                            .id("large.mp4")
                            .kind(MediaKind.VIDEO)
                            .fileName("large.mp4")
                            .title("A long film")
                            .takenAt(Instant.parse("2020-02-02T10:00:00Z"))
                            .content(new MediaRef(uri, "video/mp4", bytes))
                            .build()))),
                    Map.of(uri, () -> new GeneratedStream(bytes)));
            case MAIL -> {
                byte[] headers = mailHeaders("<large@conformance.example>", "A large attachment",
                        "ann@example.org", List.of("bob@example.org"), OffsetDateTime.parse("2020-02-02T10:00:00+01:00"));
                yield new SampleData<>(vertical, List.of(new Box<>(new MailFolder("folder-large", "Large", "Large", null, null, null),
                        List.of(new MailMessage("large-1", new MediaRef(uri, "message/rfc822", bytes), "<large@conformance.example>",
                                "A large attachment", "ann@example.org", List.of("bob@example.org"),
                                OffsetDateTime.parse("2020-02-02T10:00:00+01:00"), new MailFlags(true, false, false, false, false, List.of()),
                                List.of(), Instant.parse("2020-02-02T09:00:05Z"), bytes)))),
                        Map.of(uri, () -> new SequenceInputStream(new ByteArrayInputStream(headers),
                                new GeneratedLines(bytes - headers.length))));
            }
            default -> throw new IllegalArgumentException(vertical + " carries no large media");
        };
    }

    /** The key the kit matches a sample and what a destination holds by, since destination ids differ from source ids. */
    public static String matchKey(ItemModel item) {
        if (item instanceof MediaItem m) {
            return m.fileName();
        } else if (item instanceof Contact c) {
            return c.uid();
        } else if (item instanceof CalendarEvent e) {
            return e.uid() + (e.recurrenceId() == null ? "" : "@" + e.recurrenceId());
        } else if (item instanceof Task t) {
            return t.uid();
        } else if (item instanceof MailMessage m) {
            return m.messageId();
        } else if (item instanceof PlaylistTrack t) {
            return t.position() + ":" + t.title();
        } else if (item instanceof SocialPost p) {
            return p.text();
        }
        throw new IllegalArgumentException("not an item of a known vertical: " + item.getClass().getName());
    }

    // ---- the samples of each vertical ----

    static SampleData<PhotoAlbum, MediaItem> media() {
        Map<String, MediaSource> bytes = new LinkedHashMap<>();
        List<MediaItem> sea = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            sea.add(photo("sea-0" + i + ".jpg", "Sea " + i, i == 1 ? "Vue sur la mer, été" : null,
                    Instant.parse("2019-07-0" + i + "T09:3" + i + ":00Z"), i == 2 ? new GeoLocation(43.2965, 5.3698, null) : null,
                    i * 40, bytes));
        }
        List<MediaItem> family = List.of(
                photo("anna-birthday.jpg", "Anna's birthday", "Candles: 7", Instant.parse("2021-03-14T16:00:00Z"), null, 200, bytes),
                photo("garden.jpg", "Garden", null, null, null, 120, bytes));
        return new SampleData<>(Vertical.MEDIA, List.of(
                new Box<>(new PhotoAlbum("album-sea", "Holidays 2019", "Marseille and the calanques"), sea),
                new Box<>(new PhotoAlbum("album-family", "Family", null), family)), bytes);
    }

    private static MediaItem photo(String fileName, String title, String description, Instant takenAt, GeoLocation at,
                                   int hue, Map<String, MediaSource> bytes) {
        byte[] jpeg = jpeg(hue);
        String uri = "sample:media/" + fileName;
        bytes.put(uri, () -> new ByteArrayInputStream(jpeg));
        return new MediaItem("photo-" + fileName, MediaKind.PHOTO, fileName, title, description, takenAt, at,
                JPEG_WIDTH, JPEG_HEIGHT, Map.of(), new MediaRef(uri, "image/jpeg", jpeg.length));
    }

    private static final int JPEG_WIDTH = 32;
    private static final int JPEG_HEIGHT = 24;

    /** A real (decodable) JPEG, its pixels a gradient of its own so that no two samples have the same bytes. */
    private static byte[] jpeg(int hue) {
        BufferedImage image = new BufferedImage(JPEG_WIDTH, JPEG_HEIGHT, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < JPEG_WIDTH; x++) {
            for (int y = 0; y < JPEG_HEIGHT; y++) {
                image.setRGB(x, y, ((hue + x * 4) & 0xff) << 16 | ((y * 8) & 0xff) << 8 | ((hue * 3) & 0xff));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "jpg", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static SampleData<AddressBook, Contact> contacts() {
        List<Contact> friends = new ArrayList<>();
        friends.add(contact("c-ann", "Ann Smith", new StructuredName("Smith", "Ann", List.of("Marie"), List.of("Dr."), List.of()),
                List.of(new TypedValue("ann@example.org", List.of("home"), 1), new TypedValue("ann.smith@work.example", List.of("work"), null)),
                List.of(new TypedValue("+44 20 7946 0018", List.of("cell"), null)),
                List.of(PostalAddress.builder()
                        .street("12 Baker Street")
                        .locality("London")
                        .postalCode("NW1 6XE")
                        .country("United Kingdom")
                        .types(List.of("home"))
                        .build()),
                new Organization("Example Ltd", List.of("Research")), "Chemist", new PartialDate(1985, 4, 15, null),
                List.of("Met at the conference"), List.of("friends")));
        friends.add(contact("c-bjorn", "Björn Ångström", new StructuredName("Ångström", "Björn", List.of(), List.of(), List.of()),
                List.of(new TypedValue("bjorn@example.se", List.of(), null)), List.of(new TypedValue("+46 8 123 456", List.of("home"), null)),
                List.of(), null, null, new PartialDate(null, 12, 24, null), List.of(), List.of("friends", "sweden")));
        friends.add(contact("c-chen", "Chen Wei", new StructuredName("Chen", "Wei", List.of(), List.of(), List.of()),
                List.of(new TypedValue("chen.wei@example.cn", List.of("work"), null)), List.of(), List.of(), null, "Architect", null,
                List.of(), List.of()));
        friends.add(contact("c-dana", "Dana O'Neil", new StructuredName("O'Neil", "Dana", List.of(), List.of(), List.of("Jr.")),
                List.of(), List.of(new TypedValue("+1 555 0100", List.of("work"), null), new TypedValue("+1 555 0199", List.of("cell"), null)),
                List.of(), null, null, null, List.of("Two lines,\nof notes"), List.of()));
        friends.add(contact("c-emil", "Emil Novák", new StructuredName("Novák", "Emil", List.of(), List.of(), List.of()),
                List.of(new TypedValue("emil@example.cz", List.of("home"), null)), List.of(), List.of(), null, null, null, List.of(), List.of()));
        List<Contact> work = List.of(
                contact("c-fatima", "Fatima Zahra", new StructuredName("Zahra", "Fatima", List.of(), List.of(), List.of()),
                        List.of(new TypedValue("fatima@work.example", List.of("work"), null)), List.of(), List.of(),
                        new Organization("Work Example", List.of()), "Manager", null, List.of(), List.of("colleagues")),
                contact("c-gus", "Gus Grant", new StructuredName("Grant", "Gus", List.of(), List.of(), List.of()),
                        List.of(new TypedValue("gus@work.example", List.of("work"), null)), List.of(), List.of(), null, null, null,
                        List.of(), List.of()));
        return new SampleData<>(Vertical.CONTACTS, List.of(
                new Box<>(new AddressBook("book-friends", "Friends", null), friends),
                new Box<>(new AddressBook("book-work", "Work", null), work)), Map.of());
    }

    private static Contact contact(String id, String fn, StructuredName n, List<TypedValue> emails, List<TypedValue> phones,
                                   List<PostalAddress> addresses, Organization org, String title, PartialDate birthday,
                                   List<String> notes, List<String> categories) {
        return Contact.builder()
                .id(id)
                .uid("urn:uuid:" + java.util.UUID.nameUUIDFromBytes(id.getBytes(StandardCharsets.UTF_8)))
                .kind(ContactKind.INDIVIDUAL)
                .formattedName(fn)
                .name(n)
                .emails(emails)
                .phones(phones)
                .addresses(addresses)
                .organization(org)
                .title(title)
                .birthday(birthday)
                .notes(notes)
                .categories(categories)
                .build();
    }

    static SampleData<Calendar, CalendarEvent> calendar() {
        Organizer ann = new Organizer("mailto:ann@example.org", "Ann Smith");
        List<Attendee> attendees = List.of(
                new Attendee("mailto:ann@example.org", "Ann Smith", AttendeeRole.CHAIR, null, ParticipationStatus.ACCEPTED, null, false),
                new Attendee("mailto:bob@example.org", "Bob Jones", AttendeeRole.REQ_PARTICIPANT, null, ParticipationStatus.NEEDS_ACTION, null, true));
        List<CalendarEvent> personal = List.of(
                event("ev-dentist", "Dentist", "Bring the card", "Rue de Rivoli 10, Paris",
                        CalendarTime.ofZoned(LocalDateTime.parse("2024-05-06T09:30:00"), "Europe/Paris"),
                        CalendarTime.ofZoned(LocalDateTime.parse("2024-05-06T10:15:00"), "Europe/Paris"), null, null, List.of(),
                        List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT30M", false, null, "Dentist"))),
                event("ev-holiday", "Bank holiday", null, null, CalendarTime.ofDate(LocalDate.parse("2024-05-08")),
                        CalendarTime.ofDate(LocalDate.parse("2024-05-09")), null, null, List.of(), List.of()),
                event("ev-yoga", "Yoga", null, "Studio 3", CalendarTime.ofZoned(LocalDateTime.parse("2024-05-07T18:00:00"), "Europe/Paris"),
                        CalendarTime.ofZoned(LocalDateTime.parse("2024-05-07T19:00:00"), "Europe/Paris"), null, null, List.of("FREQ=WEEKLY;BYDAY=TU;COUNT=10"),
                        List.of()),
                event("ev-call", "Call with Chen", null, null, CalendarTime.ofUtc(Instant.parse("2024-05-10T07:00:00Z")),
                        CalendarTime.ofUtc(Instant.parse("2024-05-10T07:30:00Z")), null, null, List.of(), List.of()),
                event("ev-market", "Market", "Fruit, bread", null, CalendarTime.ofFloating(LocalDateTime.parse("2024-05-11T08:00:00")),
                        CalendarTime.ofFloating(LocalDateTime.parse("2024-05-11T09:00:00")), null, null, List.of(), List.of()));
        List<CalendarEvent> work = List.of(
                event("ev-review", "Quarterly review", "Agenda to follow", "Room 4.12",
                        CalendarTime.ofZoned(LocalDateTime.parse("2024-06-03T14:00:00"), "America/New_York"),
                        CalendarTime.ofZoned(LocalDateTime.parse("2024-06-03T15:30:00"), "America/New_York"), ann, attendees, List.of(), List.of()),
                event("ev-offsite", "Offsite", null, "Lake house", CalendarTime.ofDate(LocalDate.parse("2024-06-12")),
                        CalendarTime.ofDate(LocalDate.parse("2024-06-14")), null, null, List.of(), List.of()));
        return new SampleData<>(Vertical.CALENDAR, List.of(
                new Box<>(new Calendar("cal-personal", "Personal", null, null, null), personal),
                new Box<>(new Calendar("cal-work", "Work", null, null, null), work)), Map.of());
    }

    private static CalendarEvent event(String id, String summary, String description, String location, CalendarTime start,
                                       CalendarTime end, Organizer organizer, List<Attendee> attendees, List<String> rules,
                                       List<Alarm> alarms) {
        return CalendarEvent.builder()
                .id(id)
                .uid(id + "@conformance.example")
                .summary(summary)
                .description(description)
                .location(location)
                .start(start)
                .end(end)
                .status(EventStatus.CONFIRMED)
                .transparency(Transparency.OPAQUE)
                .classification(Classification.PUBLIC)
                .organizer(organizer)
                .attendees(attendees)
                .recurrenceRules(rules)
                .alarms(alarms)
                .build();
    }

    static SampleData<TaskList, Task> tasks() {
        List<Task> chores = List.of(
                task("t-taxes", "File the taxes", "Form 2042", TaskStatus.NEEDS_ACTION, CalendarTime.ofDate(LocalDate.parse("2024-05-31")),
                        null, 1, null, List.of("admin")),
                task("t-bike", "Repair the bike", null, TaskStatus.IN_PROCESS, null, null, 5, null, List.of()),
                task("t-tyre", "Buy a tyre", null, TaskStatus.NEEDS_ACTION, null, null, null, "t-bike", List.of()),
                task("t-plants", "Water the plants", null, TaskStatus.COMPLETED, null, Instant.parse("2024-05-02T18:00:00Z"), null, null, List.of()),
                task("t-call", "Call grandma", "Sunday", TaskStatus.NEEDS_ACTION,
                        CalendarTime.ofZoned(LocalDateTime.parse("2024-05-12T11:00:00"), "Europe/Berlin"), null, null, null, List.of("family")));
        List<Task> project = List.of(
                task("t-draft", "Write the draft", null, TaskStatus.NEEDS_ACTION, CalendarTime.ofUtc(Instant.parse("2024-06-01T12:00:00Z")),
                        null, 2, null, List.of()),
                task("t-review", "Ask for a review", null, TaskStatus.NEEDS_ACTION, null, null, null, null, List.of()));
        return new SampleData<>(Vertical.TASKS, List.of(
                new Box<>(new TaskList("list-chores", "Chores"), chores),
                new Box<>(new TaskList("list-project", "Project"), project)), Map.of());
    }

    private static Task task(String id, String title, String notes, TaskStatus status, CalendarTime due, Instant completedAt,
                             Integer priority, String parentId, List<String> categories) {
        return Task.builder()
                .id(id)
                .uid(id + "@conformance.example")
                .title(title)
                .notes(notes)
                .status(status)
                .due(due)
                .completedAt(completedAt)
                .priority(priority)
                .parentId(parentId)
                .categories(categories)
                .build();
    }

    static SampleData<MailFolder, MailMessage> mail() {
        Map<String, MediaSource> raw = new LinkedHashMap<>();
        List<MailMessage> archive = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            archive.add(message("m-" + i, "Letter " + i + (i == 3 ? " — déjà vu" : ""), "ann@example.org", List.of("bob@example.org"),
                    OffsetDateTime.parse("2023-01-0" + i + "T10:1" + i + ":00+02:00"),
                    new MailFlags(i != 2, i == 4, i == 5, false, false, i == 1 ? List.of("$Forwarded") : List.of()), raw));
        }
        List<MailMessage> travel = List.of(
                message("m-train", "Your train ticket", "tickets@rail.example", List.of("ann@example.org"),
                        OffsetDateTime.parse("2023-03-01T08:00:00Z"), new MailFlags(true, false, true, false, false, List.of()), raw),
                message("m-hotel", "Booking confirmed", "hotel@stay.example", List.of("ann@example.org", "bob@example.org"),
                        OffsetDateTime.parse("2023-03-02T21:30:00-05:00"), new MailFlags(false, false, false, false, false, List.of()), raw));
        return new SampleData<>(Vertical.MAIL, List.of(
                new Box<>(new MailFolder("folder-archive", "Archive", "Archive", null, null, null), archive),
                new Box<>(new MailFolder("folder-travel", "Travel", "Travel", null, null, null), travel)), raw);
    }

    private static MailMessage message(String id, String subject, String from, List<String> to, OffsetDateTime date, MailFlags flags,
                                       Map<String, MediaSource> raw) {
        String messageId = "<" + id + "@conformance.example>";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(mailHeaders(messageId, subject, from, to, date));
        out.writeBytes(("Hello,\r\n\r\nthis is " + id + ".\r\n\r\n-- \r\nconformance kit\r\n").getBytes(StandardCharsets.UTF_8));
        byte[] bytes = out.toByteArray();
        String uri = "sample:mail/" + id;
        raw.put(uri, () -> new ByteArrayInputStream(bytes));
        return new MailMessage(id, new MediaRef(uri, "message/rfc822", bytes.length), messageId, subject, from, to, date, flags,
                List.of(), date.toInstant().plusSeconds(5), bytes.length);
    }

    private static byte[] mailHeaders(String messageId, String subject, String from, List<String> to, OffsetDateTime date) {
        String encodedSubject = StandardCharsets.US_ASCII.newEncoder().canEncode(subject) ? subject
                : "=?UTF-8?B?" + java.util.Base64.getEncoder().encodeToString(subject.getBytes(StandardCharsets.UTF_8)) + "?=";
        String headers = "From: " + from + "\r\n"
                + "To: " + String.join(", ", to) + "\r\n"
                + "Subject: " + encodedSubject + "\r\n"
                + "Date: " + DateTimeFormatter.RFC_1123_DATE_TIME.format(date) + "\r\n"
                + "Message-ID: " + messageId + "\r\n"
                + "MIME-Version: 1.0\r\n"
                + "Content-Type: text/plain; charset=UTF-8\r\n"
                + "Content-Transfer-Encoding: 8bit\r\n\r\n";
        return headers.getBytes(StandardCharsets.UTF_8);
    }

    static SampleData<Playlist, PlaylistTrack> playlists() {
        List<PlaylistTrack> road = List.of(
                track("p1-0", 0, "GBAYE6700012", "Here Comes the Sun", List.of("The Beatles"), "Abbey Road", 185_000L),
                track("p1-1", 1, "USSM17700375", "Go Your Own Way", List.of("Fleetwood Mac"), "Rumours", 223_000L),
                track("p1-2", 2, null, "Ça plane pour moi", List.of("Plastic Bertrand"), "AN1", 180_000L),
                track("p1-3", 3, "GBUM71029604", "Rolling in the Deep", List.of("Adele"), "21", 228_000L),
                track("p1-4", 4, null, "Under Pressure", List.of("Queen", "David Bowie"), "Hot Space", 248_000L));
        List<PlaylistTrack> focus = List.of(
                track("p2-0", 0, null, "Gymnopédie No. 1", List.of("Erik Satie"), null, 190_000L),
                track("p2-1", 1, null, "Clair de lune", List.of("Claude Debussy"), "Suite bergamasque", 300_000L));
        return new SampleData<>(Vertical.PLAYLISTS, List.of(
                new Box<>(new Playlist("pl-road", "Road trip", "Songs for the A7", false, null), road),
                new Box<>(new Playlist("pl-focus", "Focus", null, false, null), focus)), Map.of());
    }

    private static PlaylistTrack track(String id, int position, String isrc, String title, List<String> artists, String album, Long ms) {
        return new PlaylistTrack(id, position, isrc, title, artists, album, ms, Map.of());
    }

    static SampleData<SocialFeed, SocialPost> social() {
        List<SocialPost> timeline = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            timeline.add(SocialPost.builder()
                    .id("post-" + i)
                    .author("ann")
                    .text("Day " + i + " of the trip #travel")
                    .publishedAt(Instant.parse("2022-08-0" + i + "T12:00:00Z"))
                    .language("en")
                    .hashtags(List.of("travel"))
                    .mentions(i == 2 ? List.of("bob") : List.of())
                    .build());
        }
        List<SocialPost> travel = List.of(
                SocialPost.builder()
                        .id("post-lisbon")
                        .author("ann")
                        .text("Lisboa à noite")
                        .publishedAt(Instant.parse("2022-09-01T21:00:00Z"))
                        .language("pt")
                        .location(new GeoLocation(38.7223, -9.1393, null))
                        .build(),
                SocialPost.builder()
                        .id("post-porto")
                        .author("ann")
                        .text("Porto next")
                        .publishedAt(Instant.parse("2022-09-03T09:00:00Z"))
                        .language("en")
                        .build());
        return new SampleData<>(Vertical.SOCIAL, List.of(
                new Box<>(new SocialFeed("feed-timeline", "Timeline"), timeline),
                new Box<>(new SocialFeed("feed-travel", "Travel"), travel)), Map.of());
    }

    /** {@code length} bytes of CRLF-ended lines of base64 letters, made as they are read: a large message body. */
    private static final class GeneratedLines extends InputStream {
        private static final byte[] LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
        private static final int LINE = 78; // 76 letters and CRLF, as base64 bodies are written
        private final long length;
        private long position;

        GeneratedLines(long length) {
            this.length = Math.max(0, length);
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= length) {
                return -1;
            }
            int n = (int) Math.min(len, length - position);
            for (int i = 0; i < n; i++, position++) {
                long column = position % LINE;
                b[off + i] = column == LINE - 2 ? (byte) '\r' : column == LINE - 1 ? (byte) '\n'
                        : LETTERS[(int) ((position * 31 + position / LINE) & 63)];
            }
            return n;
        }
    }
}
