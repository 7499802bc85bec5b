package org.dtp.formats.ical;

import org.dtp.formats.testing.ContentLines;
import org.dtp.formats.testing.IcalCorpus;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.junit.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;

/**
 * The corpus of real-world shaped iCalendar files ({@code samples/ical/corpus}, README there), each object read into
 * the model with the losses reported, written again and compared line by line, with a parser of the test's own,
 * against the source: every property that did not come back has a fidelity entry naming it, for its item.
 */
public class ICalendarCorpusRoundTripTest {
    @Test
    public void everyPropertyLostInAReadAndWriteIsReportedForItsItem() throws Exception {
        IcalCorpus.Tally tally = new IcalCorpus.Tally();
        for (String file : IcalCorpus.files()) {
            int n = 0;
            for (String object : ICalendarObjects.split(IcalCorpus.read(file))) {
                String id = file + "#" + n++;
                IcalCorpus.Recorded losses = new IcalCorpus.Recorded();
                Map<String, Set<String>> idsByUid = new HashMap<>();
                tally.compare(file, object, writeBack(id, object, losses, idsByUid), losses.entries(), idsByUid);
            }
        }
        System.out.println("iCalendar corpus, read and written by dtp-formats: " + tally);
        tally.reported().forEach(lost -> System.out.println("  lost, reported: " + lost));
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    private static String writeBack(String id, String object, IcalCorpus.Recorded losses, Map<String, Set<String>> idsByUid)
            throws Exception {
        Set<String> tzids = new LinkedHashSet<>();
        List<String> components = new ArrayList<>();
        List<org.dtp.models.ExtendedProperty> extended = new ArrayList<>();
        if (object.contains("BEGIN:VTODO")) {
            for (Task t : ICalendarFormat.readTasks(id, object, losses)) {
                tzids.addAll(ICalendarFormat.timeZoneIds(t));
                extended.addAll(t.extended());
                idsByUid.computeIfAbsent(t.uid(), u -> new HashSet<>()).add(t.id());
                components.add(ICalendarFormat.writeTaskComponent(t, t.uid()));
            }
        } else {
            for (CalendarEvent e : ICalendarFormat.readEvents(id, object, losses)) {
                tzids.addAll(ICalendarFormat.timeZoneIds(e));
                extended.addAll(e.extended());
                idsByUid.computeIfAbsent(e.uid(), u -> new HashSet<>()).add(e.id());
                components.add(ICalendarFormat.writeEventComponent(e, e.uid()));
            }
        }
        return ICalendarObjects.object("-//dtp tests//EN", ICalendarObjects.vtimezonesFor(tzids, extended, Set.of(),
                tzid -> losses.notKept(id, "start", ICalendarObjects.NO_VTIMEZONE)), components);
    }
}
