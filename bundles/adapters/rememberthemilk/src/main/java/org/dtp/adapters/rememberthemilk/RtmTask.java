package org.dtp.adapters.rememberthemilk;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * One task of rtm.tasks.getList (a {@code task} entry of a {@code taskseries}, with the series' name, tags, notes, URL,
 * parent and recurrence), as https://www.rememberthemilk.com/services/api/tasks.rtm describes it.
 */
record RtmTask(String listId, String seriesId, String taskId, String name, String due, boolean hasDueTime, String completed,
               String priority, List<Note> notes, List<String> tags, String url, String parentTaskId, String rrule, boolean deleted) {

    record Note(String title, String text) {
    }

    /** Every task of an rtm.tasks.getList answer ({@code rsp}), in the order given. */
    static List<RtmTask> all(JsonNode rsp) {
        List<RtmTask> out = new ArrayList<>();
        for (JsonNode list : RtmApi.many(rsp.path("tasks").path("list"))) {
            out.addAll(ofList(list));
        }
        return out;
    }

    /** The tasks of one {@code list} element (also what rtm.tasks.add answers). */
    static List<RtmTask> ofList(JsonNode list) {
        List<RtmTask> out = new ArrayList<>();
        String listId = list.path("id").asText();
        for (JsonNode series : RtmApi.many(list.path("taskseries"))) {
            List<Note> notes = new ArrayList<>();
            for (JsonNode n : RtmApi.many(series.path("notes").path("note"))) {
                notes.add(new Note(n.path("title").asText(""), n.path("$t").asText("")));
            }
            List<String> tags = new ArrayList<>();
            RtmApi.many(series.path("tags").path("tag")).forEach(t -> tags.add(t.asText()));
            String rrule = series.path("rrule").isObject() ? series.path("rrule").path("$t").asText("") : "";
            for (JsonNode t : RtmApi.many(series.path("task"))) {
                out.add(new RtmTask(listId, series.path("id").asText(), t.path("id").asText(), series.path("name").asText(""),
                        t.path("due").asText(""), "1".equals(t.path("has_due_time").asText("0")), t.path("completed").asText(""),
                        t.path("priority").asText("N"), List.copyOf(notes), List.copyOf(tags), series.path("url").asText(""),
                        series.path("parent_task_id").asText(""), rrule, !t.path("deleted").asText("").isEmpty()));
            }
        }
        return out;
    }
}
