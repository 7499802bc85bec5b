package org.dtp.transfer;

import org.dtp.models.ItemModel;
import org.dtp.models.Vertical;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which part of the source a transfer copies (since 1.9). Every part is optional; {@link #ALL} selects everything.
 * <ul>
 * <li>{@code from} (inclusive) and {@code to} (exclusive): items whose date ({@link ItemModel#selectionInstant()},
 * e.g. when a photo was taken) lies in the range; an item without such a date is not selected by a range.</li>
 * <li>{@code containers}: only these containers (albums, calendars, folders, playlists) and what is nested in them;
 * empty: every container.</li>
 * <li>{@code excludeContainers}: not these containers, nor anything nested in them (exclusion wins over
 * {@code containers}).</li>
 * </ul>
 * A name matches a container case-insensitively by its own name, or by its path from the top of the source, its
 * ancestors' names and its own joined by {@code /} ({@code "Trips/2024"}). A transfer reaches a nested container
 * through its parents: with {@code containers} given, the containers on the way to a named path are looked into
 * (their own items not selected) and the others are neither copied nor read. Items outside every container (at the
 * source's top) are selected only when {@code containers} is empty.
 */
public record Selection(Instant from, Instant to, List<String> containers, List<String> excludeContainers) {
    /** Names one list may hold: a selection is stored with its transfer. */
    public static final int MAX_NAMES = 200;
    /** The longest name or path. */
    public static final int MAX_NAME_LENGTH = 500;
    /** Everything the source holds. */
    public static final Selection ALL = new Selection(null, null, List.of(), List.of());

    /** What a transfer does with a container, by {@link #scopeOf}. */
    public enum Scope {
        /** Copied, with everything nested in it (items in the date range). */
        COPY,
        /** Not copied, but looked into: a container named by a path lies beneath it. */
        LOOK_INTO,
        /** Neither copied nor read. */
        SKIP
    }

    /**
     * @throws IllegalArgumentException saying what is wrong: {@code to} not after {@code from}, a blank or too long
     *                                  name, too many names
     */
    public Selection {
        containers = names("containers", containers);
        excludeContainers = names("excludeContainers", excludeContainers);
        if (from != null && to != null && !to.isAfter(from)) {
            throw new IllegalArgumentException("the selection's 'to' (" + to + ") must be after its 'from' (" + from
                    + "): 'from' is inclusive, 'to' exclusive");
        }
    }

    /**
     * Reads a bound of a date range as people write it: an instant ({@code 2024-05-01T12:00:00Z}), a date-time with
     * an offset ({@code 2024-05-01T14:00:00+02:00}), or a date, meaning its start in UTC ({@code 2024-05-01}).
     *
     * @throws IllegalArgumentException naming the forms it takes
     */
    public static Instant instant(String text) {
        String value = text == null ? "" : text.strip();
        try {
            if (value.length() == 10) {
                return LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is no date: write 2024-05-01, 2024-05-01T12:00:00Z or "
                    + "2024-05-01T14:00:00+02:00");
        }
    }

    private static List<String> names(String field, List<String> names) {
        if (names == null) {
            return List.of();
        }
        if (names.size() > MAX_NAMES) {
            throw new IllegalArgumentException("the selection's '" + field + "' may name at most " + MAX_NAMES
                    + " containers, not " + names.size());
        }
        List<String> trimmed = new ArrayList<>(names.size());
        for (String name : names) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("the selection's '" + field + "' holds a blank name");
            }
            if (name.length() > MAX_NAME_LENGTH) {
                throw new IllegalArgumentException("the selection's '" + field + "' holds a name longer than "
                        + MAX_NAME_LENGTH + " characters");
            }
            trimmed.add(name.strip());
        }
        return List.copyOf(trimmed);
    }

    /**
     * Checks that this can select items of {@code vertical}.
     *
     * @throws IllegalArgumentException when this has a date range and the vertical's items have no date
     */
    public void checkFor(Vertical vertical) {
        if (hasDateRange() && vertical.itemDate().isEmpty()) {
            throw new IllegalArgumentException("a date range cannot select " + vertical.name().toLowerCase(Locale.ROOT)
                    + ": its items have no date; select by containers, or leave out 'from' and 'to'");
        }
    }

    /** Whether this selects everything. */
    public boolean all() {
        return !hasDateRange() && containers.isEmpty() && excludeContainers.isEmpty();
    }

    /** Whether a date range ({@code from}, {@code to} or both) is given. */
    public boolean hasDateRange() {
        return from != null || to != null;
    }

    /** Whether an item of a selected container is selected: always without a date range, else by its date. */
    public boolean selects(ItemModel item) {
        if (!hasDateRange()) {
            return true;
        }
        return item.selectionInstant()
                .filter(at -> (from == null || !at.isBefore(from)) && (to == null || at.isBefore(to)))
                .isPresent();
    }

    /**
     * What a transfer does with the container at {@code path}: the names of its ancestors from the top, then its
     * own; an empty path is the source's top, which is always looked into and copied only when no container is
     * named.
     */
    public Scope scopeOf(List<String> path) {
        for (int depth = 1; depth <= path.size(); depth++) {
            if (matches(excludeContainers, path, depth)) {
                return Scope.SKIP;
            }
        }
        if (containers.isEmpty()) {
            return Scope.COPY;
        }
        for (int depth = 1; depth <= path.size(); depth++) {
            if (matches(containers, path, depth)) {
                return Scope.COPY;
            }
        }
        String beneath = (String.join("/", path) + "/").toLowerCase(Locale.ROOT);
        boolean onTheWay = path.isEmpty() || containers.stream()
                .anyMatch(name -> name.toLowerCase(Locale.ROOT).startsWith(beneath));
        return onTheWay ? Scope.LOOK_INTO : Scope.SKIP;
    }

    /** Whether one of {@code names} is the name or the path of the container {@code depth} levels down {@code path}. */
    private static boolean matches(List<String> names, List<String> path, int depth) {
        String own = path.get(depth - 1);
        String full = String.join("/", path.subList(0, depth));
        return names.stream().anyMatch(name -> name.equalsIgnoreCase(own) || name.equalsIgnoreCase(full));
    }
}
