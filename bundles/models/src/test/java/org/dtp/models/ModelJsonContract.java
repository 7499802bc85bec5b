package org.dtp.models;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * The schema rules every vertical's models obey in JSON. A vertical's test extends this with
 * richly filled samples of its container and item models and adds its own round trips.
 */
public abstract class ModelJsonContract {
    protected final ModelJson json = new ModelJson();

    /** A filled container model and a filled item model of the vertical. */
    protected abstract List<DataModel> samples();

    protected <T extends DataModel> T roundTrip(T model) {
        @SuppressWarnings("unchecked")
        Class<T> type = (Class<T>) model.getClass();
        return json.read(json.write(model), type);
    }

    @Test
    public void samplesSurviveARoundTrip() {
        for (DataModel sample : samples()) {
            assertEquals(sample, roundTrip(sample));
        }
    }

    @Test
    public void aNewerMajorVersionIsRefusedNamingTheSchema() {
        for (DataModel sample : samples()) {
            ObjectNode doc = tree(sample);
            doc.put(ModelJson.VERSION_FIELD, "2.0");
            ModelFormatException e = assertThrows(ModelFormatException.class, () -> read(doc.toString(), sample));
            assertTrue(e.getMessage(), e.getMessage().contains(schemaName(sample)));
        }
    }

    @Test
    public void aWrongSchemaNameIsRefused() {
        for (DataModel sample : samples()) {
            ObjectNode doc = tree(sample);
            doc.put(ModelJson.SCHEMA_FIELD, "dtp.other.thing");
            ModelFormatException e = assertThrows(ModelFormatException.class, () -> read(doc.toString(), sample));
            assertTrue(e.getMessage(), e.getMessage().contains(schemaName(sample)));
        }
    }

    @Test
    public void fieldsOfANewerMinorVersionAreIgnored() {
        for (DataModel sample : samples()) {
            ObjectNode doc = tree(sample);
            doc.put(ModelJson.VERSION_FIELD, "1.9");
            doc.putObject("addedInOneNine").put("nested", "ü").putArray("list").add(1);
            assertEquals(sample, read(doc.toString(), sample));
        }
    }

    @Test
    public void malformedJsonIsRefused() {
        for (DataModel sample : samples()) {
            String text = json.write(sample);
            String truncated = text.substring(0, text.length() / 2);
            assertThrows(ModelFormatException.class, () -> read(truncated, sample));
        }
    }

    @Test
    public void aDocumentWithoutIdIsRefused() {
        for (DataModel sample : samples()) {
            ObjectNode doc = tree(sample);
            doc.remove("id");
            assertThrows(ModelFormatException.class, () -> read(doc.toString(), sample));
        }
    }

    private ObjectNode tree(DataModel model) {
        try {
            return (ObjectNode) json.mapper().readTree(json.write(model));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private DataModel read(String text, DataModel like) {
        return json.read(text, like.getClass());
    }

    private static String schemaName(DataModel model) {
        return model.getClass().getAnnotation(Schema.class).name();
    }
}
