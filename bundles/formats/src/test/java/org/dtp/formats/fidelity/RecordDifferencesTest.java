package org.dtp.formats.fidelity;

import org.dtp.formats.fidelity.RecordDifferences.Difference;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class RecordDifferencesTest {
    private record Phone(String number, List<String> types) {
    }

    private record Name(String given, String family) {
    }

    private record Person(String id, Name name, List<Phone> phones, List<String> notes, Map<String, String> extra) {
    }

    private static final Person ADA = new Person("1", new Name("Ada", "Lovelace"),
            List.of(new Phone("+44 1", List.of("home")), new Phone("+44 2", List.of("work", "voice"))), List.of("first"), Map.of());

    @Test
    public void equalInstancesHaveNoDifferences() {
        Person copy = new Person("1", new Name("Ada", "Lovelace"),
                List.of(new Phone("+44 1", List.of("home")), new Phone("+44 2", List.of("work", "voice"))), List.of("first"), Map.of());
        assertEquals(List.of(), RecordDifferences.between(ADA, copy));
    }

    @Test
    public void aNestedRecordDiffersByItsComponents() {
        Person renamed = new Person("1", new Name("Ada", "King"), ADA.phones(), ADA.notes(), ADA.extra());
        assertEquals(List.of(new Difference("name.family", "Lovelace", "King")), RecordDifferences.between(ADA, renamed));
    }

    @Test
    public void listsAreComparedIndexByIndexToTheLongerLength() {
        Person fewer = new Person("1", ADA.name(), List.of(new Phone("+44 1", List.of("home")), new Phone("+44 2", List.of("work"))),
                List.of("first", "second"), ADA.extra());
        assertEquals(List.of(new Difference("phones[1].types[1]", "voice", null), new Difference("notes[1]", null, "second")),
                RecordDifferences.between(ADA, fewer));
        assertEquals("phones", RecordDifferences.between(ADA, fewer).get(0).field());
    }

    @Test
    public void aRecordAgainstNullDiffersAsAWhole() {
        Person nameless = new Person("1", null, ADA.phones(), ADA.notes(), ADA.extra());
        assertEquals(List.of(new Difference("name", ADA.name(), null)), RecordDifferences.between(ADA, nameless));
    }

    @Test
    public void nullAndEmptyDifferAndMapsDifferAsAWhole() {
        Person blank = new Person("1", new Name("", "Lovelace"), ADA.phones(), null, Map.of("x", "y"));
        assertEquals(List.of(new Difference("name.given", "Ada", ""), new Difference("notes", List.of("first"), null),
                new Difference("extra", Map.of(), Map.of("x", "y"))), RecordDifferences.between(ADA, blank));
        Person emptyNotes = new Person("1", ADA.name(), ADA.phones(), List.of(), ADA.extra());
        Person nullNotes = new Person("1", ADA.name(), ADA.phones(), null, ADA.extra());
        assertEquals(List.of(new Difference("notes", List.of(), null)), RecordDifferences.between(emptyNotes, nullNotes));
    }

    @Test
    public void recordsOfDifferentTypesAreRefused() {
        Record name = new Name("Ada", "Lovelace");
        Record phone = new Phone("+44 1", List.of());
        assertThrows(IllegalArgumentException.class, () -> RecordDifferences.between(name, phone));
    }
}
