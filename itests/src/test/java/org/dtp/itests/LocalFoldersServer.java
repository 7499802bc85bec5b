package org.dtp.itests;

import org.junit.rules.ExternalResource;

import java.nio.file.Path;

/**
 * A whole server with the local folder adapter for one test class ({@code @ClassRule}): unpacked into a folder of
 * its own under dtp.work, started before the class's tests and killed after them.
 */
final class LocalFoldersServer extends ExternalResource {
    private final String name;
    private Path work;
    private ServerProcess server;

    /** {@code name} starts the folder's name. */
    LocalFoldersServer(String name) {
        this.name = name;
    }

    @Override
    protected void before() throws Exception {
        work = Path.of(System.getProperty("dtp.work"), name + "-" + System.nanoTime()).toAbsolutePath();
        server = ServerProcess.startedWithLocalFolders(work.resolve("server"));
    }

    @Override
    protected void after() {
        if (server != null) {
            server.close();
        }
    }

    /** The class's own folder, for its test files; the server's home is its folder {@code server}. */
    Path work() {
        return work;
    }

    ServerProcess server() {
        return server;
    }
}
