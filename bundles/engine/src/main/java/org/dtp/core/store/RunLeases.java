package org.dtp.core.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;

/** The run leases of jobs (columns run_epoch, run_node, run_lease_until of dtp_job), in the caller's transaction. */
final class RunLeases {
    private RunLeases() {
    }

    /** See {@link JobStore#claimRun}. */
    static Optional<JobStore.RunLease> claim(Connection c, UUID id, String node, Duration ttl) throws SQLException {
        Optional<JobStore.RunLease> held = Sql.first(c,
                "SELECT run_epoch, run_node, run_lease_until FROM dtp_job WHERE id = ? FOR UPDATE",
                params(id.toString()), RunLeases::lease);
        if (held.isEmpty() || held.get().untilMillis() > System.currentTimeMillis() && !node.equals(held.get().node())) {
            return Optional.empty();
        }
        long epoch = held.get().epoch() + 1;
        long until = System.currentTimeMillis() + ttl.toMillis();
        Sql.update(c, "UPDATE dtp_job SET run_epoch = ?, run_node = ?, run_lease_until = ? WHERE id = ?",
                params(epoch, StoredValues.truncate(node, 200), until, id.toString()));
        return Optional.of(new JobStore.RunLease(epoch, node, until));
    }

    static Optional<JobStore.RunLease> get(Connection c, UUID id) throws SQLException {
        return Sql.first(c, "SELECT run_epoch, run_node, run_lease_until FROM dtp_job WHERE id = ?",
                params(id.toString()), RunLeases::lease);
    }

    /** Sets the lease of {@code epoch} to hold until {@code until}; false when another node took the job since. */
    static boolean extend(Connection c, UUID id, long epoch, long until) throws SQLException {
        return Sql.update(c, "UPDATE dtp_job SET run_lease_until = ? WHERE id = ? AND run_epoch = ?",
                params(until, id.toString(), epoch)) == 1;
    }

    /**
     * Fails unless the job's lease epoch is still {@code epoch} (null: an unfenced write), holding the job's row
     * until the transaction ends so that no node takes the job over before the write commits.
     */
    static void require(Connection c, UUID id, Long epoch) throws SQLException {
        if (epoch == null) {
            return;
        }
        boolean held = Sql.exists(c, "SELECT 1 FROM dtp_job WHERE id = ? AND run_epoch = ? FOR UPDATE",
                params(id.toString(), epoch));
        if (!held) {
            throw new LeaseLostException("transfer " + id + " is run by another node now (lease epoch "
                    + epoch + " is over); this node's write is refused");
        }
    }

    private static JobStore.RunLease lease(java.sql.ResultSet rs) throws SQLException {
        return new JobStore.RunLease(rs.getLong(1), rs.getString(2), rs.getLong(3));
    }
}
