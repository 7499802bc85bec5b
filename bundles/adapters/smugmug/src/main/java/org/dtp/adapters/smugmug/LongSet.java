package org.dtp.adapters.smugmug;

/**
 * A set of longs in one array (open addressing): 8 to 16 bytes per entry, so an index of an album's
 * images costs far less than their keywords would. Not thread-safe.
 */
final class LongSet {
    private long[] slots = new long[16];
    private int size;

    boolean add(long value) {
        long v = value == 0 ? 1 : value;
        if ((size + 1) * 2 > slots.length) {
            grow();
        }
        int i = index(v, slots.length);
        while (slots[i] != 0) {
            if (slots[i] == v) {
                return false;
            }
            i = (i + 1) & (slots.length - 1);
        }
        slots[i] = v;
        size++;
        return true;
    }

    boolean contains(long value) {
        long v = value == 0 ? 1 : value;
        int i = index(v, slots.length);
        while (slots[i] != 0) {
            if (slots[i] == v) {
                return true;
            }
            i = (i + 1) & (slots.length - 1);
        }
        return false;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (long v : old) {
            if (v != 0) {
                add(v);
            }
        }
    }

    private static int index(long v, int length) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & (length - 1);
    }
}
