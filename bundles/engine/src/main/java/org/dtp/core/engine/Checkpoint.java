package org.dtp.core.engine;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a job is: the containers still to export, each with the continuation of its next page and
 * the destination container its items go to. Saved with the run that holds a page's last items; the head is
 * the page in work.
 */
record Checkpoint(List<Pending> pending) {

    /**
     * A container still to export. {@code containerId} null is the account's root. {@code path} (null unless the job's
     * selection names containers) is the names of its ancestors and its own, which the selection matches.
     */
    record Pending(String containerId, String continuation, String destinationId,
                   @JsonInclude(JsonInclude.Include.NON_NULL) List<String> path) {
    }

    Checkpoint {
        pending = List.copyOf(pending);
    }

    static Checkpoint start() {
        return new Checkpoint(List.of(new Pending(null, null, null, null)));
    }

    boolean done() {
        return pending.isEmpty();
    }

    Pending head() {
        return pending.get(0);
    }

    /**
     * The checkpoint after the head's page: the head continues with {@code continuation} (or is done
     * when it is null) and the newly found containers are queued after everything already pending.
     */
    Checkpoint advance(String continuation, List<Pending> found) {
        List<Pending> next = new ArrayList<>(pending.size() + found.size());
        Pending head = head();
        if (continuation != null) {
            next.add(new Pending(head.containerId(), continuation, head.destinationId(), head.path()));
        }
        next.addAll(pending.subList(1, pending.size()));
        for (Pending p : found) {
            if (next.stream().noneMatch(q -> p.containerId().equals(q.containerId()))) {
                next.add(p);
            }
        }
        return new Checkpoint(next);
    }

    String toJson(ObjectMapper json) {
        try {
            return json.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write checkpoint", e);
        }
    }

    static Checkpoint fromJson(ObjectMapper json, String text) {
        try {
            return json.readValue(text, Checkpoint.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable checkpoint: " + e.getOriginalMessage(), e);
        }
    }
}
