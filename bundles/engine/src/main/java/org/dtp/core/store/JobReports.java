package org.dtp.core.store;

import org.dtp.models.Vertical;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldCount;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.JobState;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.StateChange;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;

/** The read side beyond a job's own row: its progress, errors, fidelity report and history, and counts of jobs. */
final class JobReports {
    private JobReports() {
    }

    /**
     * Both sides of the fidelity report, in the order they were reported: the total, the first
     * {@link FidelityReport#MAX_LISTED} entries and the fields not kept most often.
     */
    static FidelityReport fidelity(Connection c, UUID id) throws SQLException {
        ReportPage<FieldNotKept> first = fidelityPage(c, id, null, 0, FidelityReport.MAX_LISTED);
        if (first.total() == 0) {
            return FidelityReport.EMPTY;
        }
        return new FidelityReport(first.total(), first.entries(), mostOftenNotKept(c, id, FidelityReport.MOST_OFTEN));
    }

    /** The fidelity entries of {@code side} (null: both) from {@code offset}, in the order they were reported. */
    static ReportPage<FieldNotKept> fidelityPage(Connection c, UUID id, FieldNotKept.Side side, int offset, int limit)
            throws SQLException {
        String entries = fidelityEntries(side);
        Object[] jobIds = side == null ? new Object[] {id.toString(), id.toString()} : new Object[] {id.toString()};
        long total = Sql.count(c, "SELECT COUNT(*) FROM (" + entries + ") entries", params(jobIds));
        List<FieldNotKept> page = total <= offset ? List.of() : Sql.list(c, "SELECT container_id, source_id, field, reason, at, side "
                        + "FROM (" + entries + ") entries ORDER BY at, source_key, side DESC, field "
                        + "OFFSET " + offset + " ROWS FETCH NEXT " + limit + " ROWS ONLY",
                params(jobIds), rs -> new FieldNotKept(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        Instant.ofEpochMilli(rs.getLong(5)), FieldNotKept.Side.valueOf(rs.getString(6))));
        return new ReportPage<>(total, offset, limit, page);
    }

    /**
     * The fidelity entries of both sides of the items with {@code sourceIds}, by source id: one query per call, by
     * the tables' primary key, so a caller pages through a transfer's items without reading its whole report.
     */
    static Map<String, List<FieldNotKept>> fidelityOfItems(Connection c, UUID id, Collection<String> sourceIds)
            throws SQLException {
        Map<String, List<FieldNotKept>> bySource = new HashMap<>();
        if (sourceIds.isEmpty()) {
            return bySource;
        }
        List<Object> keys = new ArrayList<>();
        sourceIds.forEach(sourceId -> keys.add(StoredValues.storedKey("i:" + sourceId)));
        String in = " AND source_key IN (" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")";
        List<Object> values = new ArrayList<>();
        values.add(id.toString());
        values.addAll(keys);
        values.add(id.toString());
        values.addAll(keys);
        Sql.list(c, "SELECT container_id, source_id, field, reason, at, side FROM (" + fidelityEntries(null, in) + ") entries ORDER BY at, source_key, side DESC, field",
                params(values.toArray()), rs -> new FieldNotKept(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getString(4), Instant.ofEpochMilli(rs.getLong(5)), FieldNotKept.Side.valueOf(rs.getString(6))))
                .forEach(f -> bySource.computeIfAbsent(f.sourceId(), k -> new ArrayList<>()).add(f));
        return bySource;
    }

    /** The rows of one side's table, or of both, with their side; one job id parameter per table. */
    private static String fidelityEntries(FieldNotKept.Side side) {
        return fidelityEntries(side, "");
    }

    /** As {@link #fidelityEntries(FieldNotKept.Side)}, each table's rows limited further by {@code andWhere}. */
    private static String fidelityEntries(FieldNotKept.Side side, String andWhere) {
        String read = "SELECT container_id, source_id, field, reason, at, source_key, 'SOURCE' AS side "
                + "FROM dtp_field_not_read WHERE job_id = ?" + andWhere;
        String kept = "SELECT container_id, source_id, field, reason, at, source_key, 'DESTINATION' AS side "
                + "FROM dtp_field_not_kept WHERE job_id = ?" + andWhere;
        if (side == null) {
            return read + " UNION ALL " + kept;
        }
        return side == FieldNotKept.Side.SOURCE ? read : kept;
    }

    /**
     * The {@code n} fields not kept most often, by side, counted by the database: a field's indexes are left out
     * ({@code attendees[2].role} counts as {@code attendees[].role}), ties by field name.
     */
    static List<FieldCount> mostOftenNotKept(Connection c, UUID id, int n) throws SQLException {
        // Both databases have REGEXP_REPLACE; PostgreSQL replaces only the first match unless told 'g', which H2 refuses.
        String field = SchemaMigrator.isPostgreSQL(c) ? "REGEXP_REPLACE(field, '\\[[0-9]+\\]', '[]', 'g')"
                : "REGEXP_REPLACE(field, '\\[[0-9]+\\]', '[]')";
        return Sql.list(c, "SELECT field_kind, side, COUNT(*) AS n FROM (SELECT " + field + " AS field_kind, side FROM ("
                        + fidelityEntries(null) + ") entries) kinds GROUP BY field_kind, side "
                        + "ORDER BY n DESC, field_kind, side FETCH FIRST " + n + " ROWS ONLY",
                params(id.toString(), id.toString()),
                rs -> new FieldCount(rs.getString(1), FieldNotKept.Side.valueOf(rs.getString(2)), rs.getLong(3)));
    }

    static List<ContainerProgress> containers(Connection c, UUID id) throws SQLException {
        return Sql.list(c, "SELECT container_id, name, items, bytes, errors, updated, unchanged, not_selected "
                        + "FROM dtp_container_progress WHERE job_id = ? ORDER BY ordinal", params(id.toString()),
                rs -> new ContainerProgress(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                        rs.getLong(6), rs.getLong(7), rs.getLong(8)));
    }

    static List<ItemError> errors(Connection c, UUID id) throws SQLException {
        return errors(c, id, 0, JobStore.MAX_LISTED_ERRORS);
    }

    /** The item errors from {@code offset}, the latest first, with their total. */
    static ReportPage<ItemError> errorPage(Connection c, UUID id, int offset, int limit) throws SQLException {
        long total = Sql.count(c, "SELECT COUNT(*) FROM dtp_item_error WHERE job_id = ?", params(id.toString()));
        return new ReportPage<>(total, offset, limit, total <= offset ? List.of() : errors(c, id, offset, limit));
    }

    private static List<ItemError> errors(Connection c, UUID id, int offset, int limit) throws SQLException {
        return Sql.list(c, "SELECT container_id, item_key, message, at FROM dtp_item_error WHERE job_id = ? "
                        + "ORDER BY at DESC, item_key OFFSET " + offset + " ROWS FETCH NEXT " + limit + " ROWS ONLY",
                params(id.toString()), rs -> new ItemError(rs.getString(1), rs.getString(2), rs.getString(3),
                        Instant.ofEpochMilli(rs.getLong(4))));
    }

    static List<StateChange> history(Connection c, UUID id) throws SQLException {
        return Sql.list(c, "SELECT from_state, to_state, reason, at FROM dtp_job_transition WHERE job_id = ? ORDER BY id",
                params(id.toString()), rs -> {
                    String from = rs.getString(1);
                    return new StateChange(from == null ? null : JobState.valueOf(from),
                            JobState.valueOf(rs.getString(2)), rs.getString(3), Instant.ofEpochMilli(rs.getLong(4)));
                });
    }

    static long unfinishedJobs(Connection c, String owner) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM dtp_job WHERE owner = ? AND state IN ('QUEUED', 'RUNNING', 'PAUSED')",
                params(owner));
    }

    static long jobsCreatedSince(Connection c, String owner, Instant since) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM dtp_job WHERE owner = ? AND created_at >= ?",
                params(owner, since.toEpochMilli()));
    }

    /** See {@link JobStore#unfinishedJobsByProvider()}. */
    static Map<String, Map<Vertical, Long>> unfinishedJobsByProvider(Connection c) throws SQLException {
        Map<String, Map<Vertical, Long>> out = new HashMap<>();
        for (ProvidersCount row : Sql.list(c, "SELECT vertical, source_provider, destination_provider, COUNT(*) "
                + "FROM dtp_job WHERE state IN ('QUEUED', 'RUNNING', 'PAUSED') "
                + "GROUP BY vertical, source_provider, destination_provider", params(),
                rs -> new ProvidersCount(Vertical.valueOf(rs.getString(1)), rs.getString(2), rs.getString(3), rs.getLong(4)))) {
            for (String provider : new LinkedHashSet<>(List.of(row.source(), row.destination()))) {
                out.computeIfAbsent(provider, k -> new EnumMap<>(Vertical.class)).merge(row.vertical(), row.count(), Long::sum);
            }
        }
        return out;
    }

    private record ProvidersCount(Vertical vertical, String source, String destination, long count) {
    }

    /** Ids of the jobs in any of the given states (not none), oldest first. */
    static List<UUID> jobIdsIn(Connection c, Collection<JobState> states) throws SQLException {
        List<JobState> wanted = List.copyOf(EnumSet.copyOf(states));
        String marks = String.join(", ", Collections.nCopies(wanted.size(), "?"));
        return Sql.list(c, "SELECT id FROM dtp_job WHERE state IN (" + marks + ") ORDER BY created_at, id",
                params(wanted.stream().map(JobState::name).toArray()), rs -> UUID.fromString(rs.getString(1)));
    }
}
