package org.dtp.adapters.spotify;

import org.dtp.spi.AdapterException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The source positions of a playlist whose tracks were added to its copy, as sorted ranges ({@code "0-41,43,45-99"}):
 * what the importer keeps in the job to know, after a retry or a restart on any node, whether a track is in the copy
 * already and where the next one goes (its place is the number of added positions before it, so the copy keeps the
 * source's order). A playlist with a few unmatched tracks takes a few ranges, however long it is. Immutable.
 */
final class PositionSet {
    static final PositionSet EMPTY = new PositionSet(new int[0]);

    /** Pairs of first and last position, sorted, neither overlapping nor adjacent. */
    private final int[] ranges;

    private PositionSet(int[] ranges) {
        this.ranges = ranges;
    }

    /** The set {@link #encode} wrote; empty for null. */
    static PositionSet parse(String text) throws AdapterException {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        List<Integer> bounds = new ArrayList<>();
        int previous = -2;
        for (String part : text.split(",")) {
            if (!part.matches("\\d{1,9}(-\\d{1,9})?")) {
                throw new AdapterException("the import's record of added tracks is damaged ('" + part + "')");
            }
            int dash = part.indexOf('-');
            int first = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
            int last = dash < 0 ? first : Integer.parseInt(part.substring(dash + 1));
            if (first > last || first <= previous + 1) {
                throw new AdapterException("the import's record of added tracks is damaged ('" + part + "')");
            }
            bounds.add(first);
            bounds.add(last);
            previous = last;
        }
        return new PositionSet(bounds.stream().mapToInt(Integer::intValue).toArray());
    }

    boolean contains(int position) {
        for (int i = 0; i < ranges.length; i += 2) {
            if (position < ranges[i]) {
                return false;
            }
            if (position <= ranges[i + 1]) {
                return true;
            }
        }
        return false;
    }

    /** How many positions of the set are below {@code position}. */
    int countBelow(int position) {
        int count = 0;
        for (int i = 0; i < ranges.length && ranges[i] < position; i += 2) {
            count += Math.min(ranges[i + 1], position - 1) - ranges[i] + 1;
        }
        return count;
    }

    int size() {
        return countBelow(Integer.MAX_VALUE);
    }

    /** This set and {@code position}. */
    PositionSet with(int position) {
        if (position < 0) {
            throw new IllegalArgumentException("a position cannot be negative");
        }
        if (contains(position)) {
            return this;
        }
        List<int[]> list = new ArrayList<>();
        for (int i = 0; i < ranges.length; i += 2) {
            list.add(new int[]{ranges[i], ranges[i + 1]});
        }
        list.add(new int[]{position, position});
        list.sort((a, b) -> Integer.compare(a[0], b[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] range : list) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && range[0] <= last[1] + 1) {
                last[1] = Math.max(last[1], range[1]);
            } else {
                merged.add(range.clone());
            }
        }
        return new PositionSet(merged.stream().flatMapToInt(Arrays::stream).toArray());
    }

    String encode() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < ranges.length; i += 2) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(ranges[i]);
            if (ranges[i + 1] != ranges[i]) {
                out.append('-').append(ranges[i + 1]);
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return "PositionSet[" + encode() + "]";
    }
}
