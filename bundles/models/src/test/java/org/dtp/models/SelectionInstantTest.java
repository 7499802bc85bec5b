package org.dtp.models;

import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.contacts.Contact;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.social.SocialPost;
import org.dtp.models.tasks.Task;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The date a transfer's date range selects an item by, per vertical. */
public class SelectionInstantTest {
    private static final Instant T = Instant.parse("2024-06-01T10:00:00Z");

    @Test
    public void calendarTimesAreReadInTheirZoneElseInUtc() {
        assertEquals(T, CalendarTime.ofUtc(T).toInstant());
        assertEquals(Instant.parse("2024-06-01T08:00:00Z"),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-06-01T10:00:00"), "Europe/Berlin").toInstant());
        assertEquals(T, CalendarTime.ofZoned(LocalDateTime.parse("2024-06-01T10:00:00"), "W. Europe Standard Time").toInstant());
        assertEquals(T, CalendarTime.ofFloating(LocalDateTime.parse("2024-06-01T10:00:00")).toInstant());
        assertEquals(Instant.parse("2024-06-01T00:00:00Z"), CalendarTime.ofDate(LocalDate.parse("2024-06-01")).toInstant());
    }

    @Test
    public void anEventIsSelectedByItsStart() {
        assertEquals(Optional.of(T), CalendarEvent.builder().id("e").start(CalendarTime.ofUtc(T)).build().selectionInstant());
        assertEquals(Optional.empty(), CalendarEvent.builder().id("e").build().selectionInstant());
    }

    @Test
    public void aTaskIsSelectedByItsDueDateElseStartElseCompletion() {
        CalendarTime due = CalendarTime.ofUtc(T);
        CalendarTime start = CalendarTime.ofUtc(T.minusSeconds(60));
        assertEquals(Optional.of(T), Task.builder().id("t").due(due).start(start).build().selectionInstant());
        assertEquals(Optional.of(T.minusSeconds(60)), Task.builder().id("t").start(start).completedAt(T).build().selectionInstant());
        assertEquals(Optional.of(T), Task.builder().id("t").completedAt(T).build().selectionInstant());
    }

    @Test
    public void aMessageIsSelectedByWhenItWasSentElseReceived() {
        MediaRef raw = new MediaRef("m", "message/rfc822", 1);
        OffsetDateTime sent = T.atOffset(ZoneOffset.ofHours(2));
        assertEquals(Optional.of(T), MailMessage.builder().id("m").raw(raw).date(sent).internalDate(T.plusSeconds(5))
                .build().selectionInstant());
        assertEquals(Optional.of(T), MailMessage.builder().id("m").raw(raw).internalDate(T).build().selectionInstant());
    }

    @Test
    public void aPostIsSelectedByWhenItWasPublished() {
        assertEquals(Optional.of(T), SocialPost.builder().id("p").publishedAt(T).build().selectionInstant());
    }

    @Test
    public void verticalsWithoutItemDatesSaySo() {
        assertTrue(Vertical.CONTACTS.itemDate().isEmpty());
        assertTrue(Vertical.PLAYLISTS.itemDate().isEmpty());
        assertEquals(Optional.empty(), Contact.builder().id("c").build().selectionInstant());
        for (Vertical v : new Vertical[]{Vertical.MEDIA, Vertical.CALENDAR, Vertical.TASKS, Vertical.MAIL, Vertical.SOCIAL}) {
            assertTrue(v.name(), v.itemDate().isPresent());
        }
    }
}
