package org.dtp.models.tasks;

import org.dtp.models.DataModel;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ModelJsonContract;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.CalendarTime;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class TasksJsonTest extends ModelJsonContract {
    static TaskList taskList() {
        return new TaskList("tl-1", "Einkäufe 🛒");
    }

    static Task task() {
        return new Task("t-1", "9b1d@example.org", "Geschenke für Zoë besorgen", "Größe: 38\nFarbe: grün",
                TaskStatus.IN_PROCESS,
                CalendarTime.ofZoned(LocalDateTime.parse("2024-12-20T18:00"), "America/New_York"),
                CalendarTime.ofDate(LocalDate.parse("2024-12-01")),
                null, 1, 40, "t-0", "00000000000000000003",
                List.of("Familie", "Weihnachten"), "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=1",
                List.of(new Alarm(AlarmAction.DISPLAY, null, "-P1D", false, null, "Morgen fällig")),
                List.of(new ExtendedProperty("X-APPLE-SORT-ORDER", Map.of(), "3")));
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(taskList(), task());
    }

    @Test
    public void aCompletedAllDayTaskRoundTrips() {
        Task done = Task.builder()
                .id("t-2")
                .title("Steuererklärung")
                .status(TaskStatus.COMPLETED)
                .due(CalendarTime.ofDate(LocalDate.parse("2024-07-31")))
                .completedAt(Instant.parse("2024-07-30T20:11:05Z"))
                .percentComplete(100)
                .build();

        assertEquals(done, roundTrip(done));
    }

    @Test
    public void aSubTaskKeepsItsParentAndPosition() {
        Task read = roundTrip(task());

        assertEquals("t-0", read.parentId());
        assertEquals("00000000000000000003", read.position());
    }

    @Test
    public void aPriorityAboveNineIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Task.builder().id("t").priority(10).build());
    }

    @Test
    public void aPercentCompleteAboveHundredIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Task.builder().id("t").percentComplete(101).build());
    }
}
