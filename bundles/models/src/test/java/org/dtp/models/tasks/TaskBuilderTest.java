package org.dtp.models.tasks;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.CalendarTime;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.dtp.models.RecordBuilders.assertFilled;
import static org.dtp.models.RecordBuilders.setEveryComponent;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class TaskBuilderTest {
    static Task filled() {
        return new Task("t-1", "9b1d@example.org", "Geschenke besorgen", "Größe: 38", TaskStatus.COMPLETED,
                CalendarTime.ofZoned(LocalDateTime.parse("2024-12-20T18:00"), "America/New_York"),
                CalendarTime.ofDate(LocalDate.parse("2024-12-01")), Instant.parse("2024-12-19T10:00:00Z"),
                1, 100, "t-0", "00000000000000000003", List.of("Familie"), "FREQ=YEARLY",
                List.of(new Alarm(AlarmAction.DISPLAY, null, "-P1D", false, null, "Morgen fällig")),
                List.of(new ExtendedProperty("X-APPLE-SORT-ORDER", Map.of(), "3")));
    }

    @Test
    public void everyComponentSetThroughTheBuilderGivesTheCanonicalRecord() {
        assertFilled(filled());

        assertEquals(filled(), setEveryComponent(filled(), Task.builder()));
    }

    @Test
    public void toBuilderBuildsAnEqualCopy() {
        assertEquals(filled(), filled().toBuilder().build());
        assertEquals("neu", filled().toBuilder().title("neu").build().title());
    }

    @Test
    public void unsetComponentsDefaultAsTheConstructorDoes() {
        Task built = Task.builder().id("t").build();

        assertEquals(new Task("t", null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null), built);
        assertEquals(List.of(), built.categories());
    }

    @Test
    public void buildChecksAsTheConstructorDoes() {
        assertThrows(IllegalArgumentException.class, () -> Task.builder().id("t").priority(10).build());
    }
}
