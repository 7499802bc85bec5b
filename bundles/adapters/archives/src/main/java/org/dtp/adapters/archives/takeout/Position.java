package org.dtp.adapters.archives.takeout;

/**
 * Where an entry is in a multi-part archive: the part's place in the name order of the parts, and the entry's place
 * in that part. Export pages run in this order; a continuation is the last position a page gave, so a resumed
 * export starts right after it.
 */
record Position(int part, int entry) implements Comparable<Position> {

    static Position parse(String continuation) {
        int colon = continuation == null ? -1 : continuation.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("not a continuation of this exporter: '" + continuation + "'");
        }
        return new Position(Integer.parseInt(continuation.substring(0, colon)), Integer.parseInt(continuation.substring(colon + 1)));
    }

    @Override
    public int compareTo(Position other) {
        return part != other.part ? Integer.compare(part, other.part) : Integer.compare(entry, other.entry);
    }

    @Override
    public String toString() {
        return part + ":" + entry;
    }
}
