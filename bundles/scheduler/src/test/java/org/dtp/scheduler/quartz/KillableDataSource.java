package org.dtp.scheduler.quartz;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * A data source that stops working at once when {@link #kill()} is called, as the connections of
 * a node whose process died: nothing the node still does reaches the database.
 */
final class KillableDataSource implements DataSource {
    private final DataSource target;
    private volatile boolean dead;

    KillableDataSource(DataSource target) {
        this.target = target;
    }

    void kill() {
        dead = true;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (dead) {
            throw new SQLException("this node is dead");
        }
        return target.getConnection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return false;
    }
}
