package org.dtp.adapters.archives.social;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;

public class JsonRecordsTest {
    @Test
    public void anXArchivesJavaScriptAssignmentIsSkipped() throws Exception {
        assertEquals(List.of("1", "2"), ids("window.YTD.tweets.part0 = [ {\"id\": \"1\"}, {\"id\": \"2\"} ]"));
    }

    @Test
    public void theArrayOfANamedFieldIsReadWhereverItIsInTheObject() throws Exception {
        assertEquals(List.of("a", "b"), ids("{\"@context\": [\"x\"], \"first\": {\"orderedItems\": []}, \"totalItems\": 2,"
                + " \"orderedItems\": [{\"id\": \"a\"}, {\"id\": \"b\"}], \"after\": [1]}", "orderedItems"));
    }

    @Test
    public void withoutAFieldAnObjectsFirstArrayIsRead() throws Exception {
        assertEquals(List.of("p"), ids("{\"name\": \"n\", \"status_updates_v2\": [{\"id\": \"p\"}]}"));
    }

    @Test
    public void skippingPassesWholeRecordsAndStopsAtTheEnd() throws Exception {
        String json = "[{\"id\": \"1\", \"nested\": [{\"id\": \"x\"}]}, {\"id\": \"2\"}, {\"id\": \"3\"}]";
        try (JsonRecords records = JsonRecords.open(stream(json))) {
            records.skip(2);
            assertEquals("3", records.next().path("id").asText());
            assertNull(records.next());
        }
        try (JsonRecords records = JsonRecords.open(stream(json))) {
            assertFalse(records.skip(4));
        }
    }

    @Test
    public void aDocumentWithoutTheArrayHasNoRecords() throws Exception {
        assertEquals(List.of(), ids("{\"type\": \"OrderedCollection\"}", "orderedItems"));
    }

    private static List<String> ids(String json, String... field) throws Exception {
        List<String> ids = new ArrayList<>();
        try (JsonRecords records = JsonRecords.open(stream(json), field)) {
            for (JsonNode record = records.next(); record != null; record = records.next()) {
                ids.add(record.path("id").asText());
            }
        }
        return ids;
    }

    private static ByteArrayInputStream stream(String json) {
        return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
    }
}
