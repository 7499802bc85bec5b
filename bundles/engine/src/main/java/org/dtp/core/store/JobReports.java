package org.dtp.core.store;

import org.dtp.models.Vertical;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.JobState;
import org.dtp.transfer.StateChange;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
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

    /** Both sides of the fidelity report, in the order they were reported. */
    static FidelityReport fidelity(Connection c, UUID id) throws SQLException {
        long total = Sql.count(c, "SELECT (SELECT COUNT(*) FROM dtp_field_not_read WHERE job_id = ?) "
                + "+ (SELECT COUNT(*) FROM dtp_field_not_kept WHERE job_id = ?)", params(id.toString(), id.toString()));
        if (total == 0) {
            return FidelityReport.EMPTY;
        }
        return new FidelityReport(total, Sql.list(c, "SELECT container_id, source_id, field, reason, at, side FROM ("
                        + "SELECT container_id, source_id, field, reason, at, source_key, 'SOURCE' AS side "
                        + "FROM dtp_field_not_read WHERE job_id = ? UNION ALL "
                        + "SELECT container_id, source_id, field, reason, at, source_key, 'DESTINATION' AS side "
                        + "FROM dtp_field_not_kept WHERE job_id = ?) entries "
                        + "ORDER BY at, source_key, side DESC, field FETCH FIRST " + FidelityReport.MAX_LISTED + " ROWS ONLY",
                params(id.toString(), id.toString()),
                rs -> new FieldNotKept(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        Instant.ofEpochMilli(rs.getLong(5)), FieldNotKept.Side.valueOf(rs.getString(6)))));
    }

    static List<ContainerProgress> containers(Connection c, UUID id) throws SQLException {
        return Sql.list(c, "SELECT container_id, name, items, bytes, errors "
                        + "FROM dtp_container_progress WHERE job_id = ? ORDER BY ordinal", params(id.toString()),
                rs -> new ContainerProgress(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)));
    }

    static List<ItemError> errors(Connection c, UUID id) throws SQLException {
        return Sql.list(c, "SELECT container_id, item_key, message, at FROM dtp_item_error WHERE job_id = ? "
                        + "ORDER BY at DESC, item_key FETCH FIRST " + JobStore.MAX_LISTED_ERRORS + " ROWS ONLY",
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
